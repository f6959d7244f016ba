// UNO (1991 two-player edition): the other hand face down at the top (the computer's,
// a friend's, or the other person's at one table), the draw and discard piles with
// the colour in play between, the hand of the seat the table faces below. A
// Wild opens the colour chooser; draw, keep, pass and the other one-word moves
// are buttons and keys.
import { h } from "../dom.js";
import { cardName, colourMark, UNO_COLOURS, UNO_WORDS } from "../cards.js";
import { CARD_H } from "../scene.js";
import { TAG, decor } from "./common.js";
import { nameOf, whose, counted } from "../words.js";

/**
 * A hand's cards lie side by side, a little apart (STEP: a card and a gap), while its
 * row has room; where it has not, they overlap evenly, as tightly as the row needs, on
 * one row, so the cards keep their size as a hand grows (as at cardgames.io), down to
 * MIN_STEP of each card in view, enough for its index. Only a hand too long for that
 * takes a second row, and then the table is taller and its cards smaller: 14 cards on
 * a phone, 30 on a wide screen. (One row at any length kept the size but hid the
 * index of every card of a 25-card hand on a phone; rows from MIN_STEP 0.36 shrank a
 * phone's cards at 11.) The row is the table's whole width.
 */
const STEP = 1.08;
const MIN_STEP = 0.26;
const WORDS = {
  draw: "Draw a card", keep: "Keep it", pass: "Pass", challenge: "Challenge", accept: "Accept",
  catch: "Catch: no UNO!", play: "Play it",
};

/** How many hand cards fit in one row of `width` card widths. */
const perRow = (width) => Math.max(1, Math.floor((width - 1) / MIN_STEP) + 1);

function handRows(n, width) {
  const per = perRow(width);
  const rows = Math.max(1, Math.ceil(n / per));
  return { rows, per: Math.ceil(n / rows) };
}

function colourBadge(colour) {
  if (!colour) return h("div", { class: "colour-in-play", text: "no colour yet" });
  return h("div", { class: `colour-in-play uno-${colour}`, role: "img", "aria-label": `colour in play: ${UNO_WORDS[colour]}` },
    colourMark(colour, 22), h("span", { text: UNO_WORDS[colour] }));
}

/** Room over the hand for a playable card raised (0.1) or picked up (0.16), clear of its label. */
const LIFT = 0.18;

export default {
  name: "uno",
  parseMoves(view) {
    return (view.legal_moves || []).map((m) => {
      const uno = / uno$/.test(m);
      const base = m.replace(/ uno$/, "");
      const [head, colour] = base.split(":");
      if (head === "colour") return { move: m, source: null, target: null, count: null, word: "colour", colour };
      if (head === "play") return { move: m, source: view.drawn, target: "discard", count: 1, word: "play", colour: colour || null, uno };
      if (WORDS[head]) return { move: m, source: null, target: null, count: null, word: head };
      return { move: m, source: head, target: "discard", count: 1, colour: colour || null, uno };
    });
  },
  isFoundation: (t) => t === "discard",
  // (the discard pile is no pile of cards done with: its top card, the last played,
  // stays in view when the end panel comes over the table; see table.js keepClear)
  isDone: () => false,
  oneClick: true,
  // one row for the hand while MIN_STEP of each card shows (see STEP), else more
  layouts(view) {
    const n = view.hand.length;
    const table = TAG + CARD_H + 0.25 + TAG + CARD_H + 0.3 + TAG + LIFT;
    const height = (w) => table + handRows(n, w).rows * (CARD_H + 0.12);
    return [
      { name: "wide", w: 8.5, h: height(8.5) },
      { name: "tall", w: 4.3, h: height(4.3) },
    ];
  },
  scene(view, box, layout) {
    // the table's whole width (the layout's is the least it needs): a hand spreads out
    // where the screen is wider than the layout
    const w = Math.max(layout.w, box.w);
    const piles = [];
    const deco = [];
    const opp = view.opponent_cards;
    const me = view.player;
    const them = 1 - me;
    piles.push({
      id: "computer", x: 0, y: TAG, cards: Array(opp).fill(null), total: opp, fan: "right", room: w,
      stepDown: 0.3, align: "center", tag: `${nameOf(them)}: ${opp}`, target: null,
      label: `${whose(them)} hand, ${counted(opp, "card")}`, empty: "", cls: "opponent",
    });
    const midY = TAG + CARD_H + 0.25 + TAG;
    const cx = w / 2;
    const drawX = cx - 1.15 - (layout.name === "tall" ? 0.7 : 0);
    piles.push({
      id: "draw", x: drawX, y: midY, cards: view.stock_count ? [null] : [], total: view.stock_count, fan: "none",
      target: null, action: "draw", tag: "draw pile", count: view.stock_count, empty: "",
      label: `the draw pile, ${counted(view.stock_count, "card")}`,
    });
    piles.push({
      id: "discard", x: drawX + 1.3, y: midY, cards: view.discard.slice(-3), total: view.discard.length, fan: "none",
      target: "discard", tag: "discard", empty: "", label: `the discard pile, ${cardName(view.top)} on top`,
    });
    deco.push(decor(drawX + 2.5, midY + CARD_H / 2 - 0.22, Math.min(1.6, w - drawX - 2.5), 0.44, colourBadge(view.colour)));
    const handY = midY + CARD_H + 0.3 + TAG + LIFT;
    const { rows, per } = handRows(view.hand.length, w);
    for (let r = 0; r < rows; r++) {
      const cards = view.hand.slice(r * per, (r + 1) * per);
      piles.push({
        id: rows === 1 ? "hand" : `hand-${r + 1}`, x: 0, y: handY + r * (CARD_H + 0.12), cards, fan: "right",
        room: w, step: STEP, minStep: MIN_STEP, target: null, align: "center",
        tag: r === 0 ? `${whose(me)} hand: ${view.hand.length}` : "",
        label: rows === 1 ? `${whose(me)} hand` : `${whose(me)} hand, row ${r + 1}`,
        empty: "", cls: "hand", browse: "not playable now",
        grab: (i) => ({ source: cards[i], count: 1 }),
      });
    }
    return { w, h: box.h, piles, decor: deco };
  },
  /** Several moves for one gesture: UNO call or not, and the Wild's colour. */
  async choose(moves, table) {
    let list = moves;
    const called = list.filter((m) => m.uno);
    const plain = list.filter((m) => !m.uno);
    list = table.unoCall ? (called.length ? called : plain) : plain.length ? plain : called;
    if (list.length <= 1) return list[0] || null;
    const colours = list.filter((m) => m.colour);
    if (!colours.length) return list[0];
    const card = list[0].source;
    const noted = colours.find((m) => m.note);
    const colour = await table.chooseColour(`Name a colour for the ${cardName(card)}`, UNO_COLOURS.filter((c) => colours.some((m) => m.colour === c)), noted ? noted.note : "");
    return colour ? colours.find((m) => m.colour === colour) : null;
  },
  controls: [
    { word: "draw", always: true, label: "Draw" },
    { word: "play", label: "Play it" },
    { word: "keep", label: "Keep it" },
    { word: "pass", label: "Pass" },
    { word: "challenge", label: "Challenge" },
    { word: "accept", label: "Accept" },
    { word: "catch", label: "Catch: no UNO!" },
  ],
  keys: [{ move: "draw", does: "draw a card" }, { key: "R, Y, G, B", does: "name the colour of a Wild (or the arrow keys and Enter)" }],
  dealFrom: "draw",
  extraControls(view, table) {
    const extra = [];
    const colourMoves = table.moves.filter((m) => m.word === "colour");
    if (colourMoves.length) {
      extra.push(h("span", { class: "ask", text: "Name the colour of the Wild turned up:" }));
      for (const m of colourMoves) extra.push(colourButton(m.colour, () => table.playMove(m), "colour"));
    }
    // The call goes with a card played: no toggle while the moves now play none (a
    // Wild Draw Four to challenge or accept, a colour to name). With its words short
    // on a phone, the row then holds Draw, Challenge and Accept, or Draw, Catch and the
    // toggle, on one line: a second line would shrink the table when they appear.
    const noCard = table.moves.length > 0 && !table.moves.some((m) => m.source);
    if (view.options && view.options.uno_call && !noCard) {
      const btn = h("button", {
        type: "button", class: "uno-call", "aria-pressed": table.unoCall ? "true" : "false",
        onclick: () => { table.unoCall = !table.unoCall; btn.setAttribute("aria-pressed", table.unoCall ? "true" : "false"); },
      }, "Call UNO", h("span", { class: "tool-text", text: " with my card" }));
      extra.push(btn);
    }
    return extra;
  },
  colourButton,
};

function colourButton(colour, onclick, word = null) {
  return h("button", { type: "button", class: `colour-button uno-${colour}`, onclick, "data-word": word, "data-colour": word ? colour : null },
    colourMark(colour, 20), h("span", { text: UNO_WORDS[colour] }));
}

export { UNO_COLOURS };
