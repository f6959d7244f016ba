// The JSON API: one fetch wrapper, the catalogue, and what the server can do.

export class ApiError extends Error {
  /** `field`: the request's field the service's refusal is about (the deal number's "seed"), if any. */
  constructor(message, status, field = null) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

export async function api(method, path, body) {
  const opts = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const res = await fetch(path, opts);
  let data = null;
  try {
    data = await res.json();
  } catch (e) {
    data = { error: `the server answered ${res.status}` };
  }
  if (!res.ok) throw new ApiError((data && data.error) || `the server answered ${res.status}`, res.status, (data && data.field) || null);
  return data;
}

let catalog = null;
/** The games, their options and computer levels (asked once per page load). */
export async function getCatalog() {
  if (!catalog) catalog = (await api("GET", "/api/catalog")).games;
  return catalog;
}

let routes = null;
/**
 * The API's routes, from its OpenAPI schema when the server publishes one:
 * a button for a route that does not exist yet (clearing the history) stays hidden.
 */
export async function hasRoute(method, path) {
  if (routes === null) {
    try {
      const res = await fetch("/openapi.json", { credentials: "same-origin" });
      routes = res.ok ? (await res.json()).paths || {} : {};
    } catch (e) {
      routes = {};
    }
  }
  const entry = routes[path];
  return !!(entry && entry[method.toLowerCase()]);
}
