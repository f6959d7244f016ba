// The JSON API: one fetch wrapper, the catalogue, and what the server can do.

export class ApiError extends Error {
  /** `field`: the request's field the service's refusal is about (the deal number's "seed"), if any. */
  constructor(message, status, field = null) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

/**
 * A request to the JSON API. With `timeout` (ms) a request the server has not answered
 * by then is given up (an ApiError, status 0): a table that waits on it gets itself back.
 */
export async function api(method, path, body, { timeout = 0 } = {}) {
  const opts = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.body = JSON.stringify(body);
  }
  const stop = timeout ? new AbortController() : null;
  if (stop) opts.signal = stop.signal;
  const timer = stop ? setTimeout(() => stop.abort(), timeout) : null;
  const unanswered = () => new ApiError(`the server did not answer in ${Math.round(timeout / 1000)} s`, 0);
  let res;
  let data = null;
  try {
    res = await fetch(path, opts);
    try {
      data = await res.json();
    } catch (e) {
      data = { error: `the server answered ${res.status}` };
    }
  } catch (e) {
    throw stop && stop.signal.aborted ? unanswered() : e;
  } finally {
    clearTimeout(timer);
  }
  if (stop && stop.signal.aborted) throw unanswered(); // cut off while its answer was read
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
