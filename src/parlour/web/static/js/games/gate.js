// The Gate: the left and right posts as columns, the two bars between them,
// foundations, stock and waste heap (the book's picture).
import { CARD_H } from "../scene.js";
import { GAP, TAG, topOnly, twoPart, rankOf, redSuit } from "./common.js";
import { counted } from "../words.js";

const G = 0.4;
/** A phone's gaps: between the bars, and between the posts and the bars. */
const GAP_TIGHT = 0.08;
const G_TIGHT = 0.2;
/** The Gate's width, its posts and bars side by side, in card widths. */
const core = (bars, gap, g) => 1 + g + bars * (1 + gap) - gap + g + 1;
/** A fan's least step between readable cards (scene.js FAN.down.min) and its full one. */
const STEP_MIN = 0.2 * CARD_H;
const STEP = 0.3 * CARD_H;
/**
 * A bar card's step where the bar has the room, on a phone: more of each card shows
 * (a 33 px strip to tap at 390 px, was 23), and a long bar steps less, down to
 * STEP_MIN, as before.
 */
const STEP_ROOMY = 0.42 * CARD_H;
/**
 * The room a bar position's column (its top-bar pile over its second-bar pile) has at
 * least, in every layout: twelve cards, each showing its corner (a King down to a 2 in
 * one pile, the space under it empty; or two piles of six). A bar grows that long in a
 * played game (eleven cards from K♦ at move 60 of seed 1 with the hints): the book's
 * two rows of even height squeezed four or five cards to slivers (5♥ an 8 px strip at
 * 1440x900, the table half empty beside it).
 */
const COLUMN_MIN = 2 * CARD_H + 10 * STEP_MIN;

/**
 * The room the longest bar column of `view` needs for every card to show its corner
 * (COLUMN_MIN at least). The table is laid out for it, so a column longer than twelve
 * cards gets its room from smaller cards where the table has none to spare: it had
 * squared its lower cards up instead (a column of 23, K♦ down to 3♥ over K♣ down to
 * 2♥, showed six of each as 3 to 5 px strips at 1440x900).
 */
function columnNeed(view) {
  const want = (n) => CARD_H + Math.max(0, n - 1) * STEP_MIN;
  let need = COLUMN_MIN;
  for (let i = 1; i <= view.bars; i++) {
    need = Math.max(need, want(view.piles[`T${i}`].length) + want(view.piles[`B${i}`].length));
  }
  return need;
}

/** Foundation pile where `code` goes ("F" in a move means "its foundation"). */
function foundationFor(view, code) {
  const entries = Object.entries(view.foundations);
  const same = entries.find(([, top]) => top && top[1] === code[1]);
  if (same) return same[0];
  const empty = entries.find(([, top]) => !top);
  return empty ? empty[0] : entries[0][0];
}

function topOf(view, pile) {
  if (pile === "W") return view.waste[view.waste.length - 1];
  const cards = view.piles[pile] || [];
  return cards[cards.length - 1];
}

export default {
  name: "gate",
  parseMoves(view) {
    const moves = (view.legal_moves || []).map((m) =>
      twoPart(m, (src, dst) => {
        const from = view.piles[src];
        const onto = topOf(view, dst);
        if (!from || !/^[TB]\d$/.test(src) || !onto) return 1;
        // A bar sequence moves from the card that builds on the target's top.
        for (let i = from.length - 1; i >= 0; i--) {
          if (rankOf(from[i]) === rankOf(onto) - 1 && redSuit(from[i]) !== redSuit(onto)) return from.length - i;
        }
        return 1;
      }),
    );
    // "F" means the card's own foundation: name it, as the table service does.
    for (const m of moves) if (m.target === "F") m.target = foundationFor(view, topOf(view, m.source));
    return moves;
  },
  isFoundation: (t) => /^F\d$/.test(t),
  // Layouts depend on the number of bars, so the cards keep their size all game, unless
  // a bar column grows too long for the table at that size (see columnNeed).
  // "book": the foundations, stock and waste in a row over the Gate (a phone upright);
  // "wide": they stand in a block of two columns beside it, and the bars have the
  // table's whole height (a wide screen: the room beside the book's picture was empty).
  // The book once more with a phone's gaps (GAP_TIGHT, G_TIGHT): where the width limits
  // the cards (six columns across 340 px) the usual gaps took a card's width from them
  // (45 px cards at 360 px; 51 with these); the fit takes it only where its cards are
  // bigger, so a screen whose height limits them keeps the wider gaps.
  layouts(view) {
    const gate = TAG + columnNeed(view) + TAG + 0.05;
    const book = (gap, g, step = STEP) => ({
      name: "book", gap, g, step, w: Math.max(core(view.bars, gap, g), 4 + 3 * gap + 0.3 + 2 + gap), h: TAG + CARD_H + 0.2 + gate,
    });
    return [
      book(GAP, G),
      { name: "wide", gap: GAP, g: G, step: STEP, w: 2 + GAP + G + core(view.bars, GAP, G), h: Math.max(gate, 3 * (TAG + CARD_H)) },
      book(GAP_TIGHT, G_TIGHT, STEP_ROOMY),
    ];
  },
  scene(view, box, layout) {
    const bars = view.bars;
    const piles = [];
    const { gap, g, step } = layout;
    const gateW = core(bars, gap, g);
    let coreX = 0, coreY = 0, width = layout.w;
    const founds = Object.entries(view.foundations);
    let stockAt, wasteAt;
    if (layout.name === "book") {
      coreX = (width - gateW) / 2;
      coreY = TAG + CARD_H + 0.2 + TAG;
      founds.forEach(([name, top], i) => {
        piles.push(found(name, top, i * (1 + gap), TAG));
      });
      stockAt = [width - 2 - gap, TAG];
      wasteAt = [width - 1, TAG];
    } else {
      coreX = 2 + gap + g;
      coreY = TAG;
      founds.forEach(([name, top], i) => {
        piles.push(found(name, top, (i % 2) * (1 + gap), TAG + Math.floor(i / 2) * (CARD_H + TAG)));
      });
      stockAt = [0, TAG + 2 * (CARD_H + TAG)];
      wasteAt = [1 + gap, TAG + 2 * (CARD_H + TAG)];
    }
    // the room of a bar position's column, for its two piles and the second one's label
    const column = box.h - coreY - TAG - 0.05;
    const post = (name, x) => ({
      id: name, x, y: coreY, cards: view.piles[name], fan: "down", room: box.h - coreY - 0.05,
      tag: name, target: null, empty: "", grab: topOnly(name),
    });
    piles.push(post("L", coreX));
    for (let i = 0; i < bars; i++) {
      const [top, second] = [`T${i + 1}`, `B${i + 1}`];
      const upper = split(view.piles[top].length, view.piles[second].length, column);
      for (const [name, y, room] of [[top, coreY, upper], [second, coreY + upper + TAG, column - upper]]) {
        piles.push({
          id: name, x: coreX + 1 + g + i * (1 + gap), y, cards: view.piles[name], fan: "down", room, tag: name, step,
          empty: "space",
          grab: (k, pile) => ({ source: name, count: pile.cards.length - k }),
        });
      }
    }
    piles.push(post("R", coreX + gateW - 1));
    piles.push({
      id: "S", x: stockAt[0], y: stockAt[1], cards: view.stock_count ? [null] : [], fan: "none", target: null,
      action: "deal", tag: "stock", count: view.stock_count, total: view.stock_count, empty: "",
      // a deal fills the gaps first (the status line says which it does now): "deal one
      // to the waste heap" was wrong whenever a bar space or a short post was open
      detail: `${counted(view.stock_count, "card")}: deal`,
    });
    piles.push({
      id: "W", x: wasteAt[0], y: wasteAt[1], cards: view.waste.slice(-3), total: view.waste.length, fan: "none",
      target: null, tag: "waste", empty: "", grab: topOnly("W"),
      count: view.waste.length > 1 ? view.waste.length : undefined,
    });
    return { w: width, h: box.h, piles, decor: [] };

    /**
     * The top bar's share of a column: half, as in the book, unless one pile needs more
     * for every card to show its corner; then the other gives up what it can spare
     * (its own cards still readable), the long pile first at its full step.
     */
    function split(nTop, nSecond, room) {
      const want = (n, step) => CARD_H + Math.max(0, n - 1) * step;
      const [dTop, dSecond] = [want(nTop, step), want(nSecond, step)];
      const [mTop, mSecond] = [want(nTop, STEP_MIN), want(nSecond, STEP_MIN)];
      const half = room / 2;
      if (mTop + mSecond > room) return (room * mTop) / (mTop + mSecond);
      let t = half;
      if (dTop > half) t = Math.min(dTop, Math.max(half, room - dSecond));
      else if (dSecond > half) t = Math.max(room - dSecond, dTop);
      return Math.min(Math.max(t, mTop), room - mSecond);
    }

    function found(name, top, x, y) {
      return { id: name, x, y, cards: top ? [top] : [], fan: "none", tag: name, empty: "" };
    }
  },
  controls: [{ word: "deal", always: true, label: "Deal" }],
  keys: [{ move: "deal", does: "deal: fill the gaps (a bar space, a post short of cards) from the stock, or, with none, turn a card onto the waste heap" }],
  dealFrom: "S",
};
