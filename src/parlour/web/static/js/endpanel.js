// The end of a game: a panel over the table with the result, the score, the
// series or match totals, streak and best, the deal number, the solver's verdict
// on a patience deal (when the API gives it), and the next step.
import { h } from "./dom.js";
import { sentence, plural } from "./words.js";

const HEADLINES = { won: "You won!", lost: "You lost", draw: "A draw", resigned: "You resigned" };

export function endPanel(answer, act) {
  const end = answer.end || {};
  const outcome = answer.outcome || {};
  const result = answer.result || "lost";
  const facts = [];
  if (outcome.score !== null && outcome.score !== undefined) facts.push(["Score", String(end.score ?? outcome.score)]);
  if (answer.progress !== null && answer.progress !== undefined) facts.push(["On the foundations", plural(answer.progress, "card")]);
  const totals = totalsOf(answer);
  if (totals) facts.push([totals[0], totals[1]]);
  if (answer.seed !== undefined && answer.seed !== null) facts.push(["Deal number", String(answer.seed)]);
  const streak = h("dd", { id: "end-streak", text: "…" });
  const best = h("dd", { id: "end-best", text: "…" });
  const record = h("dd", { id: "end-record", text: "…" });
  const list = h("dl", { class: "facts" },
    facts.map(([k, v]) => [h("dt", { text: k }), h("dd", { text: v })]),
    h("dt", { text: "Streak" }), streak,
    h("dt", { text: "Best" }), best,
    h("dt", { text: "Won" }), record);
  const verdict = h("p", { class: "verdict", hidden: true });
  if (end.winnable) {
    verdict.hidden = false;
    verdict.textContent = end.winnable.text || (end.winnable.won === false ? "No deal order could have been won." : "This deal could have been won.");
  }
  const next = end.next || ["new", ...(answer.seed !== undefined ? ["again"] : []), ...(answer.series ? ["series"] : [])];
  const series = next.includes("series") && answer.series;
  const buttons = h("div", { class: "row end-actions" },
    series ? h("button", { type: "button", class: "primary", id: "next-in-series", onclick: act.series, text: "Next game of the series" }) : null,
    h("button", { type: "button", class: series ? "" : "primary", id: "play-again", onclick: act.again, text: series ? "New single game" : "Play again: new deal" }),
    next.includes("again") && answer.seed !== undefined ? h("button", { type: "button", id: "replay", onclick: act.replay, text: "Replay this deal" }) : null,
    answer.can_undo ? h("button", { type: "button", onclick: act.undo, text: "Undo" }) : null);
  const peek = h("button", {
    type: "button", class: "peek", "aria-expanded": "true",
    onclick: () => {
      const hidden = panel.classList.toggle("peeking");
      peek.setAttribute("aria-expanded", hidden ? "false" : "true");
      peek.textContent = hidden ? "Show the result" : "Look at the table";
    },
    text: "Look at the table",
  });
  const panel = h("section", { class: `endpanel ${result}`, role: "dialog", "aria-modal": "false", "aria-labelledby": "end-title", id: "endpanel" },
    h("h2", { id: "end-title", text: end.headline || HEADLINES[result] || "Game over" }),
    h("p", { class: "detail", text: end.detail || sentence(outcome.reason || "") }),
    list, verdict, buttons,
    h("p", { class: "links" }, peek, h("a", { href: "#/stats", text: "Statistics" }), h("a", { href: "#/", text: "All games" })));
  panel.addEventListener("stats", (ev) => {
    const s = ev.detail;
    streak.textContent = end.streak && end.streak.text
      ? end.streak.text
      : `${plural(s.current_streak, "win")} in a row (longest ${s.best_streak})`;
    if (end.best && end.best.text) best.textContent = end.best.text;
    else if (s.best_score !== null && s.best_score !== undefined) best.textContent = `a score of ${s.best_score}`;
    else if (s.best_progress !== null && s.best_progress !== undefined) best.textContent = `${plural(s.best_progress, "card")} home`;
    else best.textContent = "no win yet";
    record.textContent = `${s.won} of ${plural(s.played, "game")}`;
  });
  return panel;
}

function totalsOf(answer) {
  const end = answer.end || {};
  if (end.totals && end.totals.text) return ["Totals", end.totals.text];
  if (answer.series) return [`Series after game ${answer.series.number}`, `you ${answer.series.totals[0]}, the computer ${answer.series.totals[1]}`];
  const v = answer.view || {};
  if (Array.isArray(v.scores) && v.target) return [`Match to ${v.target}`, `you ${v.scores[v.player || 0]}, the computer ${v.scores[1 - (v.player || 0)]}`];
  return null;
}
