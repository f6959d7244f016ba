// Calculation: four foundations with their calculators, four waste piles fanned
// down, the current card and the stock.
import { h } from "../dom.js";
import { rankWords } from "../cards.js";
import { CARD_H } from "../scene.js";
import { GAP, TAG, topOnly, twoPart, decor } from "./common.js";

const CALC_H = 0.72;
const rankText = (r) => (r === "T" ? "10" : r);

function calculator(row, unit) {
  const done = row.next === null;
  const el = h("div", {
    class: "calculator" + (done ? " complete" : "") + (unit < 62 ? " brief" : ""),
    role: "img",
    "aria-label": done
      ? `${row.foundation} is complete`
      : `${row.foundation} needs ${rankWords(row.next)} next (${row.played} of 12 played)`,
  });
  if (unit < 62) {
    el.append(h("span", { class: "next", text: done ? "done" : `next ${rankText(row.next)}` }),
      h("span", { class: "played", text: `${row.played}/12` }));
    return el;
  }
  // A complete row has every rank struck through, as a played one is, and says so.
  row.sequence.forEach((r, i) => {
    const cls = done || i < row.played ? "played" : i === row.played ? "next" : "";
    el.append(h("span", { class: cls, text: rankText(r) }));
  });
  if (done) el.append(h("span", { class: "done-mark", text: "✓ complete" }));
  return el;
}

export default {
  name: "calculation",
  parseMoves(view) {
    return (view.legal_moves || []).map((m) => twoPart(m));
  },
  isFoundation: (t) => /^F\d$/.test(t),
  layouts() {
    const four = 4 + 3 * GAP;
    return [
      { name: "wide", w: four * 2 + 1 + 2 * 0.5, h: TAG + CARD_H * 2.6 },
      { name: "square", w: four + 2 + 2 * GAP + 0.5, h: TAG + CARD_H + CALC_H + 0.3 + TAG + CARD_H * 2.4 },
      { name: "tall", w: four, h: TAG + CARD_H + CALC_H + 0.25 + TAG + CARD_H * 2.2 + 0.3 + CARD_H },
    ];
  },
  scene(view, box, layout, unit) {
    const piles = [];
    const deco = [];
    const four = 4 + 3 * GAP;
    const fx = (i) => i * (1 + GAP);
    let wasteX = 0, wasteY = 0, wasteRoom = 0, stockX = 0, stockY = 0, width = four;
    const foundY = TAG;
    if (layout.name === "wide") {
      wasteX = four + 0.5;
      wasteY = TAG;
      stockX = wasteX + four + 0.5;
      stockY = TAG;
      width = stockX + 1;
      wasteRoom = box.h - wasteY - 0.05;
    } else if (layout.name === "square") {
      stockX = four + 0.5;
      stockY = TAG;
      width = stockX + 2 + GAP;
      wasteY = TAG + CARD_H + CALC_H + 0.3 + TAG;
      wasteRoom = box.h - wasteY - 0.05;
    } else {
      wasteY = TAG + CARD_H + CALC_H + 0.25 + TAG;
      stockY = box.h - CARD_H - 0.05;
      wasteRoom = stockY - 0.3 - wasteY;
      stockX = four / 2 - 1 - GAP / 2;
    }
    // The current card first: where play starts, so it comes first to Tab (and to a
    // screen reader's reading of the table), then the foundations it may go to, then
    // the waste piles (it came after them, the last place on the table).
    piles.push({
      id: "S", x: stockX, y: stockY, cards: view.current ? [view.current] : [], fan: "none", target: null,
      tag: "current", empty: "", grab: topOnly("S"),
    });
    view.calculator.forEach((row, i) => {
      const name = row.foundation;
      const cards = view.foundations[name];
      piles.push({
        id: name, x: fx(i), y: foundY, cards, fan: "none", tag: name, target: name,
      });
      deco.push(decor(fx(i), foundY + CARD_H + 0.06, 1, CALC_H - 0.1, calculator(row, unit)));
    });
    Object.entries(view.waste).forEach(([name, cards], i) => {
      piles.push({
        id: name, x: wasteX + fx(i), y: wasteY, cards, fan: "down", room: wasteRoom, tag: name,
        empty: "", grab: topOnly(name),
      });
    });
    const stockLeft = Math.max(view.stock_count - 1, 0);
    const twoRows = layout.name === "wide";
    piles.push({
      id: "stock", x: twoRows ? stockX : stockX + 1 + GAP, y: twoRows ? stockY + CARD_H + TAG + 0.1 : stockY,
      cards: stockLeft ? [null] : [], fan: "none", target: null, tag: "stock", total: stockLeft,
      count: stockLeft || undefined, label: `the stock: ${stockLeft} more cards`, empty: "",
    });
    return { w: width, h: box.h, piles, decor: deco };
  },
  dealFrom: "stock",
  keys: [],
};
