// The Gate: the left and right posts as columns, the two bars between them,
// foundations, stock and waste heap (the book's picture).
import { CARD_H } from "../scene.js";
import { GAP, TAG, topOnly, twoPart, rankOf, redSuit } from "./common.js";
import { counted } from "../words.js";

const G = 0.4;
const BAR_MIN = CARD_H + 0.6;

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
  layouts(view) {
    const bars = view.bars;
    const core = 1 + G + bars * (1 + GAP) - GAP + G + 1;
    return [
      { name: "book", w: Math.max(core, 4 + 3 * GAP + 0.3 + 2 + GAP), h: TAG + CARD_H + 0.2 + TAG + BAR_MIN + TAG + BAR_MIN },
      { name: "wide", w: 2 + GAP + G + core + G + 1, h: Math.max(TAG + BAR_MIN + TAG + BAR_MIN, 2 * (TAG + CARD_H)) },
    ];
  },
  scene(view, box, layout) {
    const bars = view.bars;
    const piles = [];
    const core = 1 + G + bars * (1 + GAP) - GAP + G + 1;
    let coreX = 0, coreY = 0, width = layout.w;
    const founds = Object.entries(view.foundations);
    let stockAt, wasteAt;
    if (layout.name === "book") {
      coreX = (width - core) / 2;
      coreY = TAG + CARD_H + 0.2 + TAG;
      founds.forEach(([name, top], i) => {
        piles.push(found(name, top, i * (1 + GAP), TAG));
      });
      stockAt = [width - 2 - GAP, TAG];
      wasteAt = [width - 1, TAG];
    } else {
      coreX = 2 + GAP + G;
      coreY = TAG;
      founds.forEach(([name, top], i) => {
        piles.push(found(name, top, (i % 2) * (1 + GAP), TAG + Math.floor(i / 2) * (CARD_H + TAG)));
      });
      stockAt = [coreX + core + G, TAG];
      wasteAt = [coreX + core + G, TAG + CARD_H + TAG];
    }
    const barRoom = (box.h - coreY - TAG - 0.05) / 2;
    const post = (name, x) => ({
      id: name, x, y: coreY, cards: view.piles[name], fan: "down", room: box.h - coreY - 0.05,
      tag: name, target: null, empty: "", grab: topOnly(name),
    });
    piles.push(post("L", coreX));
    for (const [row, y] of [["T", coreY], ["B", coreY + barRoom + TAG]]) {
      for (let i = 0; i < bars; i++) {
        const name = `${row}${i + 1}`;
        const cards = view.piles[name];
        piles.push({
          id: name, x: coreX + 1 + G + i * (1 + GAP), y, cards, fan: "down", room: barRoom, tag: name,
          empty: "space",
          grab: (k, pile) => ({ source: name, count: pile.cards.length - k }),
        });
      }
    }
    piles.push(post("R", coreX + core - 1));
    piles.push({
      id: "S", x: stockAt[0], y: stockAt[1], cards: view.stock ? [null] : [], fan: "none", target: null,
      action: "deal", tag: "stock", count: view.stock, total: view.stock, empty: "",
      // a deal fills the gaps first (the status line says which it does now): "deal one
      // to the waste heap" was wrong whenever a bar space or a short post was open
      detail: `${counted(view.stock, "card")}: deal`,
    });
    piles.push({
      id: "W", x: wasteAt[0], y: wasteAt[1], cards: view.waste.slice(-3), total: view.waste.length, fan: "none",
      target: null, tag: "waste", empty: "", grab: topOnly("W"),
      count: view.waste.length > 1 ? view.waste.length : undefined,
    });
    return { w: width, h: box.h, piles, decor: [] };

    function found(name, top, x, y) {
      return { id: name, x, y, cards: top ? [top] : [], fan: "none", tag: name, empty: "" };
    }
  },
  controls: [{ word: "deal", always: true, label: "Deal" }],
  keys: [{ move: "deal", does: "deal: fill the gaps (a bar space, a post short of cards) from the stock, or, with none, turn a card onto the waste heap" }],
  dealFrom: "S",
  // Once the game is over the stock says nothing (it is empty after a win): only the
  // cards home are counted, as Calculation and 8 x 8 count them at their end.
  facts(view) {
    const home = Object.values(view.foundations).reduce((n, c) => n + (c ? rankOf(c) : 0), 0);
    return view.outcome ? `${home} of 52 cards home.` : `${home} of 52 cards home; ${view.stock} in the stock.`;
  },

};
