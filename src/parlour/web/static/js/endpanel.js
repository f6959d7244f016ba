// The end of a game: a panel over the table with the result, the score, the
// series or match totals, streak and best, the deal number, the solver's verdict
// on a patience deal (when the API gives it), and the next step. Between the hands
// of a match, the same panel tells how a hand ended and waits for "Next hand".
import { h } from "./dom.js";
import { cardElement, cardWords } from "./cards.js";
import { sentence, plural, tally } from "./words.js";

const HEADLINES = { won: "You won!", lost: "You lost", draw: "A draw" };

export function endPanel(answer, act, hand = null) {
  const end = answer.end || {};
  const outcome = answer.outcome || {};
  const result = end.result || answer.result || "lost";
  const final = end.final !== undefined ? end.final : true;
  const facts = [];
  const score = end.score ?? outcome.score;
  // whose it is, in the service's words ("The computer's score": the winner's)
  if (score !== null && score !== undefined) facts.push([end.score_label || "Score", String(score)]);
  const progress = end.progress || answer.progress;
  if (progress && typeof progress === "object") {
    facts.push([cap(progress.label || "progress"), progress.total ? `${progress.value} of ${progress.total}` : String(progress.value)]);
  } else if (progress !== null && progress !== undefined) {
    facts.push(["On the foundations", plural(progress, "card")]);
  }
  const totals = totalsOf(answer);
  if (totals) facts.push(totals);
  // the moves and the time played, in the service's words ("112 moves in 4 min 12 s")
  if (end.played_text) facts.push(["Played", end.played_text, "end-played"]);
  const deal = end.deal ?? answer.seed;
  const kind = answer.deal || "random";
  if (deal !== undefined && deal !== null) facts.push(["Deal number", String(deal)]);
  if (KINDS[kind]) facts.push(KINDS[kind](answer));
  // The streak and the best in the service's words (the terminal says the same).
  // at one table, the two players' games so far instead (none of them is "yours"), in
  // the service's short words ("Player 1 (3), Player 2 (2)") under a short label on a
  // phone: the sentence "At one table: Player 1 won 3, Player 2 won 2." took two lines
  if (end.one_table_won) facts.push(["Games won at one table", end.one_table_won, "end-one-table", "Games won"]);
  if (end.streak_text) facts.push(["Streak", end.streak_text, "end-streak"]);
  if (end.best_text) facts.push(["Best", end.best_text, "end-best"]);
  // each fact its own group: a laptop lines them up in two columns (the groups give
  // way, app.css), a phone gives each its own row, label and value on one line (in
  // the columns, the longest label left the values a third of a 360-px panel: they
  // took two lines each and pushed the buttons down)
  const list = h("dl", { class: "facts" },
    facts.map(([k, v, id, short]) => h("div", { class: "fact" },
      h("dt", {}, short ? [h("span", { class: "wide", text: k }), h("span", { class: "narrow", text: short })] : k),
      h("dd", { id, text: v }))));
  const verdict = h("p", { class: "verdict", id: "end-verdict", "aria-live": "polite", hidden: true });
  const next = end.next || ["again", ...(answer.series ? ["series"] : [])];
  const series = next.includes("series") && answer.series;
  const undo = !final || next.includes("undo");
  // at a friend's table the next game waits for both: the offer as the service tells it
  const rematch = answer.live && answer.live.rematch;
  const buttons = h("div", { class: "row end-actions" },
    rematch ? offerButtons(rematch, series, act) : [
      series ? h("button", { type: "button", class: "primary", id: "next-in-series", onclick: act.series, text: "Next game of the series" }) : null,
      // against a friend the next game is the series' next, with the same friend (the
      // table's newGame): a "New game" beside it started the very same game
      series && answer.live ? null
        : h("button", { type: "button", class: series ? "" : "primary", id: "play-again", onclick: act.again, text: series ? newLabel(answer) : againText(answer) })],
    kind === "daily" ? [
      h("button", { type: "button", id: "new-random", onclick: () => act.fresh("random"), text: "New random deal" }),
      h("button", { type: "button", id: "new-winnable", onclick: () => act.fresh("winnable"), text: "New winnable deal" }),
    ] : null,
    // only where the service offers it: a patience's deal, not a match's (policy.next_after)
    next.includes("replay") ? h("button", { type: "button", id: "replay", onclick: act.replay, text: "Replay this deal" }) : null,
    undo && answer.can_undo ? h("button", { type: "button", id: "end-undo", onclick: act.undo, text: "Undo" }) : null,
    !final ? h("button", { type: "button", id: "give-up", onclick: act.resign, text: answer.give_up.action }) : null,
    // a deal the solver proved winnable before it was dealt: no question to ask, the
    // button goes straight to its winning line (it said "Could this deal be won?" under
    // "Deal: proved winnable", and then "This deal could have been won")
    next.includes("verdict") ? h("button", {
      type: "button", id: "ask-verdict", onclick: () => act.verdict(kind === "winnable"),
      text: kind === "winnable" ? "Watch a winning line" : "Could this deal be won?",
    }) : null,
    act.friend ? h("button", { type: "button", id: "play-friend", onclick: act.friend, text: "Play a friend" }) : null);
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
    h("h2", { id: "end-title", text: end.headline || (result === "resigned" ? answer.give_up?.headline : HEADLINES[result]) || "Game over" }),
    // the words between the title and the buttons: on a screen too short for them all
    // they scroll, the buttons under them stay in view (app.css)
    h("div", { class: "end-body" },
      h("p", { class: "detail", text: end.detail || sentence(outcome.reason || "") }),
      // the match's last hand, as the panels between hands tell the others
      hand ? h("div", { class: "last-hand" }, h("p", { class: "shown-text", text: `${hand.headline}. ${hand.detail} ${hand.shown_text}`.trim() }), shownCards(hand)) : null,
      list, verdict),
    rematch && rematch.text ? h("p", { class: "rematch", id: "rematch-text", text: rematch.text }) : null,
    buttons,
    h("p", { class: "links" }, peek, h("a", { href: "#/stats", text: "Statistics" }), h("a", { href: "#/", text: "All games" })));
  return panel;
}

/**
 * The next game at a friend's table (`live.rematch`): offer it; accept or decline the
 * other's offer; withdraw one's own. Nothing starts until both agree (the service).
 */
function offerButtons(rematch, series, act) {
  const go = series ? act.series : act.again;
  if (rematch.state === "offered_by_them") {
    return [h("button", { type: "button", class: "primary", id: "accept-rematch", onclick: go, text: rematch.accept }),
      h("button", { type: "button", id: "decline-rematch", onclick: act.decline, text: rematch.decline })];
  }
  if (rematch.state === "offered_by_you") return [h("button", { type: "button", id: "withdraw-rematch", onclick: act.decline, text: rematch.withdraw })];
  return [h("button", { type: "button", class: "primary", id: series ? "next-in-series" : "play-again", onclick: go, text: rematch.offer })];
}

/** A day as people write it ("25 November 2026"), from the API's "2026-11-25". */
export function dayText(day) {
  const date = new Date(`${day}T12:00:00`);
  return Number.isNaN(date.getTime()) ? String(day) : date.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });
}

/** How a deal was chosen, as a fact of the panel. */
const KINDS = {
  winnable: () => ["Deal", "proved winnable"],
  daily: (a) => ["Deal of the day", a.day ? dayText(a.day) : "today"],
};

/**
 * How the deal on the table was chosen, for the title bar while it is played ("Deal of
 * the day, 26 November 2026", "Winnable deal"), in the end panel's words; "" for a
 * random deal.
 */
export function dealLabel(answer) {
  const kind = KINDS[answer.deal];
  if (!kind) return "";
  const [what, how] = kind(answer);
  return answer.deal === "winnable" ? "Winnable deal" : `${what}, ${how}`;
}

/**
 * What the toolbar's new game (N) starts, in the service's words (answer.commands,
 * the terminal table's key bar's too): "New match" (a match), "New game" (a game of a
 * series: the series starts over, as the panel's button beside "Next game of the
 * series" does), else "New deal".
 */
export function newLabel(answer) {
  return answer.commands ? answer.commands.new.label : "New deal";
}

/** "Play again" keeps the kind of deal: a new random or winnable one, or the same day's
 * deal; after a match (its view has a target score) a new match, as the service says. */
function againText(answer) {
  if ((answer.view || {}).target) return "Play again: new match";
  if (answer.deal === "winnable") return "Play again: new winnable deal";
  if (answer.deal === "daily") return "Play the deal of the day again";
  return "Play again: new deal";
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

function totalsOf(answer) {
  const end = answer.end || {};
  const v = answer.view || {};
  const me = answer.seat ?? v.player ?? 0;
  const pair = (t) => tally(t, me);
  // and a shorter label for a phone, where the longer one and the totals took two lines
  // ("Series, game 1" beside "Player 1 (0), Player 2 (22)" still did at 360 px; the
  // game's number is in the counts line above the table)
  if (answer.series) return [`Series after game ${answer.series.number}`, pair(end.totals || answer.series.totals), null, "Series"];
  if (Array.isArray(v.scores) && v.target) return [`Match to ${v.target}`, pair(end.totals || v.scores)];
  if (Array.isArray(end.totals)) return ["Totals", pair(end.totals)];
  return null;
}

/**
 * The end of a hand of a match (a step's `hand_end`, in the service's words): who won
 * it, the points, the loser's cards shown as cards, the running score, and "Next
 * hand", which `next` answers. `seat` is the reader's (null: two people at one table,
 * where no side is the reader's, so the panel takes neither's colour).
 */
export function handPanel(hand, seat, next) {
  const result = hand.winner === null || hand.winner === undefined || seat === null ? "draw" : hand.winner === seat ? "won" : "lost";
  const button = h("button", { type: "button", class: "primary", id: "next-hand", onclick: next, title: "Next hand (Enter)" },
    "Next hand", h("kbd", { "aria-hidden": "true", text: "Enter" }));
  return h("section", { class: `endpanel handpanel ${result}`, role: "dialog", "aria-modal": "false", "aria-labelledby": "hand-title", "aria-describedby": "hand-detail", id: "handpanel" },
    h("h2", { id: "hand-title", text: hand.headline }),
    h("p", { class: "detail", id: "hand-detail", text: hand.detail }),
    (hand.shown || []).length ? h("p", { class: "shown-text", text: hand.shown_text }) : null,
    shownCards(hand),
    hand.totals_text ? h("p", { class: "totals", id: "hand-totals", text: hand.totals_text }) : null,
    h("div", { class: "row end-actions" }, button));
}

/** The loser's cards of a hand, shown as cards (read out as their names). */
function shownCards(hand) {
  const cards = hand.shown || [];
  if (!cards.length) return null;
  return h("div", { class: "mini-cards shown", role: "img", "aria-label": cards.map(cardWords).join(", ") }, cards.map((c) => cardElement(c)));
}
