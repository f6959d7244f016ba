// 8 x 8: eight rows (drawn as columns, face-down cards first), eight
// foundations, the talon with its pending card and the waste pile.
import { CARD_H } from "../scene.js";
import { TAG, topOnly, twoPart, rankOf, redSuit } from "./common.js";
import { counted } from "../words.js";

const GAP8 = 0.12;
/**
 * A phone's gap between the rows (and the foundations): where the table's width is
 * what limits the cards (eight rows across 340 px), the usual gaps took a card's width
 * from them all (38 px cards at 360 px; 41 with these). The fit takes the layout with
 * the bigger cards, so a screen whose height limits them keeps the wider gaps.
 */
const GAP_TIGHT = 0.05;
const cols = (gap) => 8 * (1 + gap) - gap;
const COLS = cols(GAP8);
const COL_MIN = CARD_H + 7 * 0.1 * CARD_H + 3 * 0.24 * CARD_H;
/**
 * A face-up card's step down a row where the row has the room: more than a fan's
 * usual (0.3 of a card's height), so on a phone, where the cards are small and the
 * table tall, each card of a run shows more of itself (a bigger place to tap: 24 px
 * against 17 at 360 px) and the rows use the table's height; a long row steps less,
 * down to the readable corner (scene.js fanOffsets).
 */
const STEP_ROOMY = 0.42 * CARD_H;
/** A face-down card's step there: its row's seven show as seven, not as a block. */
const STEP_DOWN_ROOMY = 0.16 * CARD_H;

/** The foundation a card from `source` goes to: the lowest one it fits. */
function foundationFor(view, source) {
  let code = null;
  if (source === "P") code = view.pending;
  else if (source === "W") code = view.waste[view.waste.length - 1];
  else {
    const row = view.rows.find((r) => r.name === source);
    code = row ? row.face_up[row.face_up.length - 1] : null;
  }
  if (!code) return "F1";
  const fits = view.foundations.find((f) => f.top && f.top[1] === code[1] && rankOf(f.top) === rankOf(code) - 1);
  const empty = view.foundations.find((f) => !f.top);
  return (fits || (code[0] === "A" ? empty : null) || view.foundations[0]).name;
}

function rowCards(row) {
  return Array(row.face_down).fill(null).concat(row.face_up);
}

export default {
  name: "eight-by-eight",
  parseMoves(view) {
    const rows = Object.fromEntries(view.rows.map((r) => [r.name, r]));
    const moves = (view.legal_moves || []).map((m) =>
      twoPart(m, (src, dst) => {
        const from = rows[src];
        const onto = rows[dst];
        if (!from || !onto) return 1;
        if (!onto.face_up.length && !onto.face_down) return from.face_up.length;
        const top = onto.face_up[onto.face_up.length - 1];
        const up = from.face_up;
        for (let i = up.length - 1; i >= 0; i--) {
          if (rankOf(up[i]) === rankOf(top) - 1 && redSuit(up[i]) !== redSuit(top)) return up.length - i;
        }
        return 1;
      }),
    );
    // "F" means the card's own foundation: name it, as the table service does.
    for (const m of moves) if (m.target === "F") m.target = foundationFor(view, m.source);
    return moves;
  },
  isFoundation: (t) => /^F\d$/.test(t),
  layouts() {
    const tall = TAG + CARD_H + 0.1 + TAG + CARD_H + 0.15 + TAG + COL_MIN;
    return [
      { name: "wide", w: COLS + 0.4 + 1, h: TAG + CARD_H + 0.15 + TAG + COL_MIN, gap: GAP8 },
      { name: "tall", w: COLS, h: tall, gap: GAP8 },
      // a phone upright: the same, the cards as wide as the width allows
      { name: "tall", w: cols(GAP_TIGHT), h: tall, gap: GAP_TIGHT, step: STEP_ROOMY, stepDown: STEP_DOWN_ROOMY },
    ];
  },
  scene(view, box, layout) {
    const piles = [];
    const gap = layout.gap ?? GAP8;
    const x = (i) => i * (1 + gap);
    view.foundations.forEach((f, i) => {
      piles.push({
        id: f.name, x: x(i), y: TAG, cards: f.top ? [f.top] : [], fan: "none", tag: f.name,
        total: f.count, detail: f.count ? counted(f.count, "card") : "", empty: "",
      });
    });
    let rowsY, side;
    if (layout.name === "wide") {
      rowsY = TAG + CARD_H + 0.15 + TAG;
      side = (k) => [cols(gap) + 0.4, TAG + k * (CARD_H + TAG)];
    } else {
      rowsY = TAG + CARD_H + 0.1 + TAG + CARD_H + 0.15 + TAG;
      side = (k) => [x(k), TAG + CARD_H + 0.1 + TAG];
    }
    view.rows.forEach((row, i) => {
      const cards = rowCards(row);
      piles.push({
        id: row.name, x: x(i), y: rowsY, cards, fan: "down", room: box.h - rowsY - 0.05, tag: row.name,
        step: layout.step, stepDown: layout.stepDown,
        detail: `${row.face_down} face down`, empty: "empty",
        grab: (k) => (k >= row.face_down ? { source: row.name, count: cards.length - k } : null),
      });
    });
    const canTurn = (view.legal_moves || []).includes("turn");
    const [sx, sy] = side(0);
    piles.push({
      id: "S", x: sx, y: sy, cards: view.stock_count ? [null] : [], fan: "none", target: null, action: "turn",
      tag: "talon", count: view.stock_count, total: view.stock_count,
      empty: canTurn ? "turn over" : "", detail: `${counted(view.stock_count, "card")}, pass ${view.pass} of ${view.passes}`,
    });
    const [px, py] = side(1);
    piles.push({
      id: "P", x: px, y: py, cards: view.pending ? [view.pending] : [], fan: "none", target: null,
      tag: "pending", empty: "", grab: topOnly("P"),
    });
    const [wx, wy] = side(2);
    piles.push({
      id: "W", x: wx, y: wy, cards: view.waste.slice(-3), total: view.waste.length, fan: "none", tag: "waste",
      empty: "", grab: topOnly("W"),
      count: view.waste.length > 1 ? view.waste.length : undefined,
    });
    return { w: layout.w, h: box.h, piles, decor: [] };
  },
  controls: [{ word: "turn", always: true, label: "Turn" }],
  keys: [{ move: "turn", does: "turn the top talon card up (or the waste over)" }],
  dealFrom: "S",
};
