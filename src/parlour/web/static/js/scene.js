// The table's geometry. A game renderer describes its table as a *scene* in card
// units (1 = a card's width; a card is CARD_H tall): piles at (x, y), each fanned
// down or right within the room it is given, plus decorations (the calculator,
// the colour in play). This module picks the card size that makes the scene fill
// the space it has, compresses fans to their room (as a person squares up a tall
// pile), and builds the DOM: absolutely placed piles and cards.
import { h } from "./dom.js";
import { cardElement, cardWords } from "./cards.js";

export const CARD_H = 1.4;
/** Largest and smallest card width in pixels. */
const MAX_CARD = 150;
const MIN_CARD = 28;

// `floor`: the least a face-down card shows when the pile is short of room (its edge:
// the cards over it are still counted), so that face-up cards keep theirs.
const FAN = {
  down: { step: 0.3 * CARD_H, stepDown: 0.11 * CARD_H, min: 0.2 * CARD_H, floor: 0.05 * CARD_H, len: CARD_H },
  right: { step: 0.34, stepDown: 0.12, min: 0.26, floor: 0.05, len: 1 },
};

/**
 * Choose among a renderer's layouts the one that gives the biggest cards in a
 * W x H pixel box. Returns {layout, unit, box} with box in card units.
 */
export function fit(layouts, width, height, limits = {}) {
  let best = null;
  for (const layout of layouts) {
    let unit = Math.min(width / layout.w, height / layout.h, limits.max ?? MAX_CARD);
    // A layout may need more card widths than `w` (a long fan that starts after a
    // label set in pixels, so the smaller the cards the more widths): `widthAt(unit)`.
    // Its largest unit that fits, approached from above (the width only grows as
    // the unit shrinks, so this settles in a few rounds).
    if (layout.widthAt) for (let i = 0; i < 12; i++) unit = Math.min(unit, width / layout.widthAt(unit));
    if (!best || unit > best.unit + 0.5) best = { layout, unit };
  }
  const unit = Math.max(limits.min ?? MIN_CARD, Math.floor(best.unit * 10) / 10);
  return { layout: best.layout, unit, box: { w: width / unit, h: height / unit } };
}

/**
 * The length along its fan (in units, the last card whole) of a pile of `count`
 * face-up cards each showing its corner: what a renderer gives a pile that must not
 * square any of them up.
 */
export function fanned(count, fan) {
  const f = FAN[fan];
  return f.len + Math.max(0, count - 1) * f.min;
}

/**
 * Offsets of a pile's cards along its fan, in units, and which cards are squared
 * up so far that their face cannot be read ("covered").
 */
export function fanOffsets(cards, fan, room, opts = {}) {
  const n = cards.length;
  const out = { offsets: new Array(n).fill(0), covered: new Array(n).fill(false) };
  if (fan !== "down" && fan !== "right") {
    for (let i = 0; i < n - 1; i++) out.covered[i] = true;
    return out;
  }
  const f = FAN[fan];
  const step = opts.step ?? f.step;
  const stepDown = opts.stepDown ?? f.stepDown;
  const min = Math.min(opts.minStep ?? f.min, step);
  const gaps = [];
  for (let i = 1; i < n; i++) gaps.push(cards[i - 1] === null ? stepDown : step);
  const avail = Math.max(0, (room ?? f.len) - f.len);
  const want = gaps.reduce((a, b) => a + b, 0);
  if (want > avail && want > 0) {
    const k = avail / want;
    const floor = Math.min(f.floor, stepDown);
    const downs = gaps.filter((g, i) => cards[i] === null).length;
    const faces = gaps.length - downs;
    if (step * k >= min) {
      for (let i = 0; i < gaps.length; i++) gaps[i] *= k;
    } else if (faces && faces * min + downs * floor <= avail) {
      // Every face-up card readable, the face-down ones squared up first: they say
      // nothing but their number, and the card a run is picked up by (the lowest
      // face-up one) was squeezed out of sight under them. What is left over goes
      // back in proportion to what each gap wanted.
      const spare = avail - faces * min - downs * floor;
      const short = faces * (step - min) + downs * (stepDown - floor);
      const back = short > 0 ? Math.min(1, spare / short) : 0;
      for (let i = 0; i < gaps.length; i++) {
        gaps[i] = cards[i] === null ? floor + back * (stepDown - floor) : min + back * (step - min);
      }
    } else {
      // Keep the top cards readable at the smallest step; square up the rest.
      // (face-down cards at their least, where face-up ones need the room)
      const squared = stepDown * Math.min(1, k * 1.5);
      const tight = faces ? Math.min(floor, squared) : squared;
      for (let i = 0; i < gaps.length; i++) if (cards[i] === null) gaps[i] = Math.min(gaps[i], tight);
      let used = gaps.reduce((a, g, i) => a + (cards[i] === null ? g : 0), 0);
      const faceGaps = gaps.map((g, i) => i).filter((i) => cards[i] !== null).reverse();
      let left = avail - used;
      const readable = new Set();
      for (const i of faceGaps) {
        const rest = faceGaps.length - readable.size - 1;
        if (left - min >= rest * 0.02) {
          readable.add(i);
          left -= min;
        }
      }
      const squeezed = faceGaps.filter((i) => !readable.has(i));
      const share = squeezed.length ? Math.max(0, left) / squeezed.length : 0;
      for (const i of faceGaps) gaps[i] = readable.has(i) ? min : share;
      for (const i of squeezed) out.covered[i] = true;
    }
  }
  let at = 0;
  for (let i = 1; i < n; i++) {
    at += gaps[i - 1];
    out.offsets[i] = at;
  }
  return out;
}

/**
 * Build a scene's DOM inside `root` at `unit` pixels per card width.
 * `hooks.card(el, pile, index)` decorates each card (sources, roles). `hooks.names`
 * (the answer's `piles`) gives a pile named in the moves its long name, from the game
 * ("T1": "row 1 of the tableau"): its tooltip says "T1: row 1 of the tableau", and its
 * accessible name "row 1 of the tableau (T1)" then what the renderer adds (`detail`).
 */
export function build(root, scene, unit, hooks = {}) {
  const frag = document.createDocumentFragment();
  const px = (u) => `${Math.round(u * unit * 10) / 10}px`;
  const cw = unit;
  const ch = unit * CARD_H;
  const tags = [];
  for (const d of scene.decor || []) {
    const el = d.el;
    el.classList.add("decor");
    Object.assign(el.style, { left: px(d.x), top: px(d.y), width: px(d.w), height: px(d.h) });
    frag.append(el);
  }
  for (const pile of scene.piles) {
    const fan = pile.fan || "none";
    const room = pile.room ?? (fan === "down" ? CARD_H : 1);
    const boxW = fan === "right" ? room : 1;
    const boxH = fan === "down" ? room : CARD_H;
    const total = pile.total ?? pile.cards.length;
    const long = hooks.names ? hooks.names[pile.id] : undefined;
    // (the notation name is left out where the long name says it: "tableau pile 5")
    const says = long && new RegExp(`(^|\\s)${pile.id}(\\b|$)`).test(long);
    if (long) pile.label = (says ? long : `${long} (${pile.id})`) + (pile.detail ? `, ${pile.detail}` : "");
    const el = h("div", {
      class: "pile" + (pile.cls ? " " + pile.cls : ""),
      role: "group",
      "aria-label": pile.label || pile.name || pile.id,
      title: long ? `${pile.id}: ${long}` : null,
      dataset: { pile: pile.id, count: String(total) },
    });
    Object.assign(el.style, { left: px(pile.x), top: px(pile.y), width: px(boxW), height: px(boxH) });
    if (pile.target !== null) el.dataset.target = pile.target ?? pile.id;
    if (pile.action) el.dataset.action = pile.action;
    if (!pile.cards.length) {
      const slot = h("div", { class: "slot", dataset: { slot: pile.id } }, h("span", { text: pile.empty ?? "" }));
      Object.assign(slot.style, { width: px(1), height: px(CARD_H) });
      el.append(slot);
      if (hooks.slot) hooks.slot(slot, pile);
    }
    const { offsets, covered } = fanOffsets(pile.cards, fan, room, pile);
    // A hand is centred in its room, as it would be held.
    const extent = (offsets[offsets.length - 1] || 0) + (fan === "down" ? CARD_H : 1);
    const shift = pile.align === "center" && pile.cards.length ? Math.max(0, (room - extent) / 2) : 0;
    pile.cards.forEach((code, i) => {
      const card = cardElement(code, pile.cardCls || "");
      const off = (offsets[i] + shift) * unit;
      card.style.left = fan === "right" ? `${off.toFixed(1)}px` : "0px";
      card.style.top = fan === "down" ? `${off.toFixed(1)}px` : "0px";
      card.style.width = `${cw}px`;
      card.style.height = `${ch}px`;
      card.style.zIndex = String(i + 1);
      card.dataset.index = String(i);
      if (covered[i]) card.dataset.covered = "";
      if (hooks.card) hooks.card(card, pile, i);
      el.append(card);
    });
    // An empty pile looks empty, its outline and label only: no "0" badge on a used-up
    // stock or talon, or an empty hand (every game's, so none need say it).
    if (pile.count !== undefined && pile.count !== null && pile.count !== "" && (pile.cards.length || Number(pile.count) !== 0)) {
      el.append(h("span", { class: "count", "aria-hidden": "true", text: String(pile.count) }));
    }
    if (pile.tag) {
      // a centred hand's label over its first card (it was at the room's left end, far
      // from the cards once the room is the table's whole width)
      const tag = h("span", { class: "tag", "aria-hidden": "true", text: pile.tag });
      if (shift) tag.style.left = `${(shift * unit + 1).toFixed(1)}px`;
      el.append(tag);
      tags.push([tag, pile, shift]);
    }
    frag.append(el);
  }
  root.replaceChildren(frag);
  root.style.setProperty("--u", `${unit}px`);
  root.style.width = px(scene.w);
  root.style.height = px(scene.h);
  if (root.isConnected) fitTags(tags, scene, unit);
}

/**
 * Keep each label to the room before the next pile on its line: a long one (a
 * player's name) gets smaller type, down to 8 px, and is cut short beyond that.
 */
function fitTags(tags, scene, unit) {
  const wide = [];
  for (const [tag, pile, shift] of tags) {
    const next = scene.piles.filter((q) => q.tag && q.x > pile.x && Math.abs(q.y - pile.y) < 0.3).map((q) => q.x);
    const room = (Math.min(scene.w, ...next) - pile.x - shift) * unit - 4;
    wide.push([tag, room, tag.offsetWidth]);
  }
  for (const [tag, room, width] of wide) {
    if (width <= room) continue;
    const size = parseFloat(getComputedStyle(tag).fontSize);
    tag.style.fontSize = `${Math.max(8, Math.floor(size * (room / width) * 10) / 10)}px`;
    tag.style.maxWidth = `${Math.max(0, room)}px`;
    tag.classList.add("squeezed");
  }
}

let ruler = null;

/**
 * A pile label's width in card units at `unit` pixels a card, in the type app.css's
 * `.tag` has there (11 px at least), before `fitTags` squeezes it: for a renderer that
 * places a pile clear of the label of the one before it.
 */
export function tagWidth(text, unit) {
  if (!ruler) ruler = document.createElement("canvas").getContext("2d");
  if (!ruler || !unit) return 0;
  ruler.font = `${Math.max(11, unit * 0.15)}px ${getComputedStyle(document.documentElement).fontFamily}`;
  return ruler.measureText(text).width / unit;
}

/** A short accessible name for a card in a pile. */
export const cardLabel = (code) => (code ? cardWords(code) : "face-down card");
