// parlour's front end: a small router over hash addresses.
//   #/               the games, saved games and history
//   #/game/ID        the card table
//   #/stats          statistics
//   #/rules/GAME     the full rules      #/howto/GAME   how to play
import { h, $, $$, scrollCue } from "./dom.js";
import { showGame, leaveGame, onKey } from "./table.js";
import { showHome } from "./pages/home.js";
import { showStats } from "./pages/stats.js";
import { showRules } from "./pages/rules.js";
import { showHowto } from "./pages/howto.js";
import { showJoin } from "./live.js";

window.Parlour = window.Parlour || {};

async function route() {
  const hash = location.hash.replace(/^#\/?/, "");
  const [page, arg] = hash.split("/");
  const main = $("#main");
  leaveGame();
  for (const a of document.querySelectorAll("header.top nav a")) {
    const here = a.dataset.page === (page || "home") || (page === "game" && a.dataset.page === "home");
    if (here) a.setAttribute("aria-current", "page");
    else a.removeAttribute("aria-current");
  }
  try {
    if (page === "game" && arg) {
      const pending = window.Parlour.pending;
      window.Parlour.pending = null;
      await showGame(main, arg, pending);
    } else if (page === "join") await showJoin(main);
    else if (page === "stats") await showStats(main);
    else if (page === "rules") await showRules(main, arg);
    else if (page === "howto") await showHowto(main, arg);
    else if (!page || page === "home") await showHome(main);
    else notFound(main, hash);
  } catch (e) {
    main.replaceChildren(h("div", { class: "page-wrap" },
      h("h1", { text: e.status === 404 ? "No such game" : "Something went wrong" }),
      h("p", { class: "error", role: "alert", text: e.message }),
      h("p", {}, h("a", { href: "#/", text: "Back to the games" }))));
  }
  const titles = { stats: "Statistics", rules: "Rules", howto: "How to play", game: "Card table" };
  document.title = `parlour: ${titles[page] || "five classic card games"}`;
  if (page !== "game") {
    for (const wide of $$("#main .scroll-x")) scrollCue(wide);
    const heading = $("#main h1");
    if (heading && document.activeElement !== document.body) {
      heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
    }
    window.scrollTo(0, 0);
  }
}

/** An address the app has no page for (a mistyped or old link): say so, rather than
 * show the front page as if the link had worked. */
function notFound(main, hash) {
  main.replaceChildren(h("div", { class: "page-wrap" },
    h("h1", { text: "No such page" }),
    h("p", { text: `There is no page at #/${hash}.` }),
    h("p", {}, h("a", { href: "#/", text: "Back to the games" }))));
}

document.addEventListener("keydown", (ev) => {
  if (onKey(ev)) ev.preventDefault();
});
// "Skip to the content" moves the focus, never the address: "#main" is no page of the
// router above, and following the link left the table for "No such page".
$("a.skip").addEventListener("click", (ev) => {
  ev.preventDefault();
  $("#main").focus();
});
window.addEventListener("hashchange", route);
route();
