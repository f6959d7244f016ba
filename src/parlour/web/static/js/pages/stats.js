// Statistics with pictures: win rate per game, results over time, streaks, best scores.
import { h } from "../dom.js";
import { api, getCatalog } from "../api.js";
import { resultsChart, barChart, streakChart, chartWidth } from "../charts.js";

const pct = (x) => `${Math.round(x * 100)}%`;

export async function showStats(main) {
  const [stats, games, list] = await Promise.all([
    api("GET", "/api/stats"), getCatalog(), api("GET", "/api/games").then((d) => d.games),
  ]);
  const title = (n) => (games.find((g) => g.name === n) || { title: "All games" }).title;
  const finished = list.filter((g) => g.finished).sort((a, b) => a.updated - b.updated);
  const sections = [];
  const width = chartWidth();
  if (stats.games.length) {
    sections.push(h("section", { class: "chart-box", "aria-labelledby": "rate-title" },
      h("h2", { id: "rate-title", text: "Win rate" }),
      barChart(stats.games.map((s) => ({ label: title(s.game), value: s.win_rate })),
        "Win rate per game: " + stats.games.map((s) => `${title(s.game)} ${pct(s.win_rate)} of ${s.played}`).join("; "), { width })));
  }
  for (const s of stats.games) {
    const mine = finished.filter((g) => g.game === s.game).slice(-60).map((g) => g.result);
    const won = mine.filter((r) => r === "won").length;
    const best = s.best_score ?? (s.best_progress !== null && s.best_progress !== undefined ? `${s.best_progress} cards home` : "none yet");
    sections.push(h("section", { class: "chart-box", "aria-labelledby": `t-${s.game}` },
      h("h2", { id: `t-${s.game}`, text: title(s.game) }),
      h("ul", { class: "tiles" },
        tile("Played", s.played), tile("Won", s.won), tile("Win rate", pct(s.win_rate)),
        tile("Streak", s.current_streak), tile("Longest streak", s.best_streak), tile("Best", best)),
      mine.length ? resultsChart(mine, `${title(s.game)}, the last ${mine.length} games, oldest first: ${won} won, ${mine.length - won} not won`, width) : null,
      streakChart(s.current_streak, s.best_streak, `${title(s.game)}: current streak ${s.current_streak}, longest ${s.best_streak}`, width)));
  }
  const t = stats.total;
  const row = (s) => h("tr", {},
    h("th", { scope: "row", text: title(s.game) }),
    h("td", { text: s.played }), h("td", { text: s.won }), h("td", { text: s.played ? pct(s.win_rate) : "-" }),
    h("td", { text: s.current_streak }), h("td", { text: s.best_streak }),
    h("td", { text: s.best_score ?? (s.best_progress !== null && s.best_progress !== undefined ? `${s.best_progress} cards home` : "-") }));
  main.replaceChildren(h("div", { class: "page-wrap stats-page" },
    h("h1", { text: "Your statistics" }),
    h("p", { class: "lead", text: `${t.played} finished, ${t.won} won${t.in_play ? `; ${t.in_play} in play` : ""}.` }),
    sections.length ? sections : h("p", {}, "No finished games yet: ", h("a", { href: "#/", text: "play one" }), "."),
    h("h2", { text: "All figures" }),
    h("div", { class: "scroll-x", tabindex: "0", role: "region", "aria-label": "All figures" },
      h("table", { class: "list stats" },
        h("thead", {}, h("tr", {}, ["Game", "Played", "Won", "Win rate", "Current streak", "Best streak", "Best score"].map((x) => h("th", { scope: "col", text: x })))),
        h("tbody", {}, stats.games.map(row), row(stats.total))))));
}

function tile(label, value) {
  return h("li", {}, h("span", { class: "tile-value", text: String(value) }), h("span", { class: "tile-label", text: label }));
}
