// Statistics with pictures: win rate per game, results over time, streaks, best scores.
import { h } from "../dom.js";
import { api, getCatalog } from "../api.js";
import { counted } from "../words.js";
import { resultsChart, barChart, streakChart, chartSlot, fitCharts } from "../charts.js";

const pct = (x) => `${Math.round(x * 100)}%`;

export async function showStats(main) {
  const [stats, games] = await Promise.all([api("GET", "/api/stats"), getCatalog()]);
  const gameTitle = (n) => (games.find((g) => g.name === n) || { title: "All games" }).title;
  // A game's deals of the day have a line of their own ("deal": "daily"), shown
  // under the game's line (which counts them too) and named so.
  const daily = (s) => s.deal === "daily";
  const title = (s) => gameTitle(s.game) + (daily(s) ? " — deal of the day" : "");
  const key = (s) => s.game + (daily(s) ? "-daily" : "");
  const rows = stats.games.filter((s) => !daily(s))
    .flatMap((s) => [s, ...stats.games.filter((d) => daily(d) && d.game === s.game)]);
  // two people's games at one table are theirs, not yours: the service keeps them
  // apart (stats.one_table, each with its line), and each line's results are the
  // very games it counts (s.results, oldest first)
  const apart = stats.one_table || [];
  const together = stats.one_table_words || {};
  const sections = [];
  if (rows.length) {
    sections.push(h("section", { class: "chart-box", "aria-labelledby": "rate-title" },
      h("h2", { id: "rate-title", text: "Win rate" }),
      chartSlot((width) => barChart(rows.map((s) => ({ label: gameTitle(s.game), note: daily(s) ? "deal of the day" : null, value: s.win_rate })),
        "Win rate per game: " + rows.map((s) => `${title(s)} ${pct(s.win_rate)} of ${s.played}`).join("; "), { width }))));
  }
  for (const s of rows) {
    const mine = s.results || [];
    const won = mine.filter((r) => r === "won").length;
    const best = s.best_text ?? "-"; // the service's words ("no record yet" when none)
    sections.push(h("section", { class: "chart-box", "aria-labelledby": `t-${key(s)}` },
      h("h2", { id: `t-${key(s)}`, text: title(s) }),
      h("ul", { class: "tiles" },
        tile("Played", s.played), tile("Won", s.won), tile("Win rate", pct(s.win_rate)),
        tile("Streak", s.current_streak), tile("Longest streak", s.best_streak), tile("Best", best)),
      mine.length ? chartSlot((width) => resultsChart(mine, `${title(s)}, the last ${counted(mine.length, "game")}, oldest first: ${won} won, ${mine.length - won} not won`, width)) : null,
      chartSlot((width) => streakChart(s.current_streak, s.best_streak, `${title(s)}: current streak ${s.current_streak}, longest ${s.best_streak}`, width))));
  }
  const t = stats.total;
  const row = (s) => h("tr", {},
    h("th", { scope: "row", text: s === stats.total ? "All games" : title(s) }),
    h("td", { text: s.played }), h("td", { text: s.won }), h("td", { text: s.played ? pct(s.win_rate) : "-" }),
    h("td", { text: s.current_streak }), h("td", { text: s.best_streak }),
    h("td", { text: s.best_text ?? "-" }));
  const page = h("div", { class: "page-wrap stats-page" },
    h("h1", { text: "Your statistics" }),
    // nothing of one's own yet: no "0 finished, 0 won." over a table of noughts
    t.played || t.in_play ? h("p", { class: "lead", text: `${t.played} finished, ${t.won} won${t.in_play ? `; ${t.in_play} in play` : ""}.` }) : null,
    sections.length ? sections : h("p", {}, `No finished games${apart.length ? " of your own" : ""} yet: `, h("a", { href: "#/", text: "play one" }), "."),
    apart.length ? h("section", { class: "one-table", "aria-labelledby": "one-table-title" },
      h("h2", { id: "one-table-title", text: together.heading }),
      h("p", { text: together.note }),
      h("ul", { class: "one-table-list" }, apart.map((s) => h("li", { "data-game": s.game, text: s.item })))) : null,
    ...(t.played ? [h("h2", { text: "All figures" }),
      h("div", { class: "scroll-x", tabindex: "0", role: "region", "aria-label": "All figures" },
        h("table", { class: "list stats" },
          h("thead", {}, h("tr", {}, ["Game", "Played", "Won", "Win rate", "Streak", "Longest streak", "Best"].map((x) => h("th", { scope: "col", text: x })))),
          h("tbody", {}, rows.map(row), row(stats.total))))] : []));
  main.replaceChildren(page);
  fitCharts(page);
}

function tile(label, value) {
  // words (the best, "52 cards on the foundations") a step smaller than a number
  const words = typeof value === "string" && value.includes(" ");
  return h("li", {}, h("span", { class: words ? "tile-value words" : "tile-value", text: String(value) }), h("span", { class: "tile-label", text: label }));
}
