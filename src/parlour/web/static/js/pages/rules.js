// The rules page of each game (the package's rules/*.md): "In brief" for players, then the full rules (the specification).
import { h } from "../dom.js";
import { api, getCatalog } from "../api.js";
import { markdown } from "../markdown.js";

export async function showRules(main, name) {
  const games = await getCatalog();
  if (!name) name = games[0].name;
  const page = await api("GET", `/api/rules/${encodeURIComponent(name)}`);
  const art = h("article", { class: "rules page" });
  art.innerHTML = markdown(page.markdown);
  const nav = h("nav", { class: "subnav", "aria-label": "Rules of each game" },
    games.map((g) => h("a", { href: `#/rules/${g.name}`, "aria-current": g.name === name ? "page" : null, text: g.title })));
  const back = h("p", { class: "page-links" },
    h("a", { href: `#/howto/${name}`, text: "How to play, with pictures" }), " · ",
    h("a", { href: "#/", text: "Play" }));
  // The game's title first, then the way to the other games' rules: the page's heading
  // (which the router gives the keyboard) stood after them, so Tab from it went past
  // every link to the end of the page.
  const title = art.querySelector(":scope > h1");
  if (title) title.after(nav, back);
  else art.prepend(nav, back);
  main.replaceChildren(h("div", { class: "page-wrap" }, art));
}
