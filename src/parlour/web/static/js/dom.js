// Small DOM helpers shared by every module: element building, timing, motion settings.

/** Build an element: h("button", {class: "x", onclick: f, text: "Go"}, ...children). */
export function h(tag, attrs = {}, ...kids) {
  const svg = tag.startsWith("svg:");
  const el = svg
    ? document.createElementNS("http://www.w3.org/2000/svg", tag.slice(4))
    : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.setAttribute("class", v);
    else if (k === "text") el.textContent = v;
    else if (k === "html") el.innerHTML = v;
    else if (k === "style" && typeof v === "object") Object.assign(el.style, v);
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const kid of kids.flat(Infinity)) {
    if (kid === null || kid === undefined || kid === false) continue;
    el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return el;
}

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `?fast` in the address (the tests) shortens every animation and pause. */
export const FAST = /[?&]fast\b/.test(location.search);
// and the message's fade (app.css): it held up every move's settling in the tests.
if (FAST) document.documentElement.classList.add("fast");

const reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
/** True when the person asked their system for less motion: cards then jump. */
export const reducedMotion = () => !!(reduced && reduced.matches);

/** How long a card takes to travel, in ms (0: no motion). */
export function travelTime(ms = 240) {
  if (reducedMotion()) return 0;
  return FAST ? 15 : ms;
}

/** How long each computer move stays on the table before the next one. */
export function stepPause() {
  if (FAST) return 25;
  return reducedMotion() ? 700 : 520;
}

/** The longest a computer turn's moves take to show, in ms, however many there are. */
export const TURN_SHOW_MS = 3000;
/** What each move of a computer turn after its second adds to the time it takes to show. */
export const MORE_STEP_MS = 250;

/**
 * How each of a computer turn's `count` moves is shown: `travel` (its cards moving)
 * and `pause` (it staying on the table), in ms. The first two moves take the usual
 * pace; each further one adds only MORE_STEP_MS to the turn, and no turn takes more
 * than TURN_SHOW_MS, its moves sharing the time evenly (the cards travelling 40% of
 * each share at most): the longer the turn, the faster its moves. Chinese Patience's
 * Strong can make 37 moves in a turn: 28 s at the usual pace, 3 s so.
 */
export function stepPace(count) {
  const travel = travelTime();
  const pause = stepPause();
  const usual = count * (travel + pause);
  const total = Math.min(usual, TURN_SHOW_MS, 2 * (travel + pause) + Math.max(0, count - 2) * MORE_STEP_MS);
  if (total >= usual) return { travel, pause };
  const share = total / count;
  const moving = Math.min(travel, Math.floor(share * 0.4));
  return { travel: moving, pause: Math.floor(share - moving) };
}

/** Move keyboard focus without scrolling the page. */
export function focus(el) {
  if (el && el.focus) el.focus({ preventScroll: true });
}

/**
 * Say that a sideways scroller (a wide table on a phone) holds more: the class
 * `more-right` while part of it is out of view to the right (the CSS fades that edge).
 */
export function scrollCue(el) {
  const mark = () => el.classList.toggle("more-right", el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
  el.addEventListener("scroll", mark, { passive: true });
  if (window.ResizeObserver) new ResizeObserver(mark).observe(el);
  mark();
}
