// Cards that move: FLIP animation (First, Last, Invert, Play) over the Web
// Animations API, which every current browser has, so no library is needed.
// Before the table is drawn again, `snapshot` records where every card was;
// after, `play` sends each card from its old place to its new one. A card that
// appears from a face-down pile (the stock, a hand, the draw pile) travels from
// that pile and turns over on the way.
import { travelTime } from "./dom.js";
import { cardSvg } from "./cards.js";

/** Where every card and pile of the table is now. */
export function snapshot(root) {
  const cards = [];
  for (const el of root.querySelectorAll(".card")) {
    const pile = el.closest(".pile");
    cards.push({
      code: el.dataset.card || null,
      pile: pile ? pile.dataset.pile : null,
      index: Number(el.dataset.index || 0),
      rect: el.getBoundingClientRect(),
    });
  }
  const piles = {};
  for (const el of root.querySelectorAll(".pile")) {
    piles[el.dataset.pile] = { count: Number(el.dataset.count || 0), rect: topRect(el) };
  }
  return { cards, piles };
}

function topRect(pileEl) {
  const cards = pileEl.querySelectorAll(".card, .slot");
  return (cards.length ? cards[cards.length - 1] : pileEl).getBoundingClientRect();
}

/**
 * Animate the table from `before` (a snapshot) to what is drawn now.
 * Returns a promise that settles when every card has arrived.
 */
export function play(root, before, opts = {}) {
  const ms = opts.duration ?? travelTime();
  if (!before || ms <= 0) return Promise.resolve();
  const now = [...root.querySelectorAll(".card")].map((el) => {
    const pile = el.closest(".pile");
    return {
      el,
      code: el.dataset.card || null,
      pile: pile ? pile.dataset.pile : null,
      index: Number(el.dataset.index || 0),
      rect: el.getBoundingClientRect(),
    };
  });
  const old = before.cards.map((c) => ({ ...c, used: false }));
  const from = new Map();
  const take = (n, o, turn) => {
    o.used = true;
    from.set(n, { rect: o.rect, turn });
  };
  // 1. The same card in the same place; 2. the same card anywhere (nearest first).
  for (const n of now) {
    if (!n.code) continue;
    const o = old.find((c) => !c.used && c.code === n.code && c.pile === n.pile && c.index === n.index);
    if (o) take(n, o, false);
  }
  for (const n of now) {
    if (!n.code || from.has(n)) continue;
    let best = null;
    for (const o of old) {
      if (o.used || o.code !== n.code) continue;
      if (!best || dist(o.rect, n.rect) < dist(best.rect, n.rect)) best = o;
    }
    if (best) take(n, best, false);
  }
  // 3. Face-down cards that stayed where they were.
  for (const n of now) {
    if (n.code || from.has(n)) continue;
    const o = old.find((c) => !c.used && !c.code && c.pile === n.pile && c.index === n.index);
    if (o) take(n, o, false);
  }
  // 4. New faces: from a face-down card that vanished (same pile first), else from
  //    a pile that has fewer cards than before. New backs: from such a pile.
  const shrunk = [];
  for (const [id, p] of Object.entries(before.piles)) {
    const el = root.querySelector(`.pile[data-pile="${cssEscape(id)}"]`);
    const count = el ? Number(el.dataset.count || 0) : 0;
    for (let k = count; k < p.count; k++) shrunk.push({ id, rect: p.rect, used: false });
  }
  for (const n of now) {
    if (from.has(n)) continue;
    const vanished = old
      .filter((c) => !c.used && !c.code)
      .sort((a, b) => (a.pile === n.pile ? -1 : 0) - (b.pile === n.pile ? -1 : 0) || dist(a.rect, n.rect) - dist(b.rect, n.rect))[0];
    const pile = shrunk.find((s) => !s.used && s.id !== n.pile) || shrunk.find((s) => !s.used);
    if (n.code && vanished && (!pile || vanished.pile === n.pile)) take(n, vanished, true);
    else if (pile) {
      pile.used = true;
      from.set(n, { rect: pile.rect, turn: !!n.code });
    } else if (n.code && vanished) take(n, vanished, true);
  }
  const runs = [];
  for (const n of now) {
    const f = from.get(n);
    if (!f) continue;
    const dx = f.rect.left - n.rect.left;
    const dy = f.rect.top - n.rect.top;
    if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5 && !f.turn) continue;
    runs.push(fly(n.el, dx, dy, ms, f.turn));
  }
  return Promise.all(runs).then(() => undefined);
}

/** Send one card element from (dx, dy) away to its place, turning it over if asked. */
export function fly(el, dx, dy, ms, turn = false, delay = 0) {
  const z = el.style.zIndex;
  el.style.zIndex = "500";
  const start = `translate(${dx}px, ${dy}px)`;
  const frames = turn
    ? [
        { transform: `${start} scaleX(1)` },
        { transform: `translate(${dx / 2}px, ${dy / 2}px) scaleX(0.02)`, offset: 0.5 },
        { transform: "translate(0, 0) scaleX(1)" },
      ]
    : [{ transform: start }, { transform: "translate(0, 0)" }];
  const timing = { duration: ms, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards" };
  const done = [el.animate(frames, timing).finished];
  if (turn) {
    const back = cardSvg(null);
    back.classList.add("turning");
    el.append(back);
    const fade = back.animate(
      [{ opacity: 1 }, { opacity: 1, offset: 0.5 }, { opacity: 0, offset: 0.501 }, { opacity: 0 }],
      { duration: ms, delay, fill: "both" },
    );
    done.push(fade.finished.then(() => back.remove()));
  }
  return Promise.all(done)
    .catch(() => undefined)
    .then(() => {
      el.style.zIndex = z;
    });
}

/** The deal: every card flies in from `origin` (a rect), one after another. */
export function deal(root, originRect, opts = {}) {
  const ms = travelTime(opts.duration ?? 260);
  if (!originRect || ms <= 0) return Promise.resolve();
  const cards = [...root.querySelectorAll(".card")];
  const gap = Math.min(28, 700 / Math.max(1, cards.length));
  return Promise.all(
    cards.map((el, i) => {
      const r = el.getBoundingClientRect();
      return fly(el, originRect.left - r.left, originRect.top - r.top, ms, !!el.dataset.card, i * gap);
    }),
  );
}

/**
 * A game won: each card given (the foundations' tops) hops and glows, one after
 * another, a moment to see the finished table before the end panel covers it (about
 * a second; none when the person asked for less motion).
 */
export function cheer(cards, opts = {}) {
  const ms = travelTime(opts.duration ?? 460);
  if (ms <= 0 || !cards.length) return Promise.resolve();
  const gap = Math.min(ms / 5, 700 / cards.length);
  return Promise.all(
    cards.map((el, i) => {
      const frames = [
        { transform: "translateY(0) scale(1)", boxShadow: "0 0 0 0 rgba(255, 214, 79, 0)" },
        { transform: `translateY(-${Math.round(el.offsetHeight * 0.14)}px) scale(1.06)`, boxShadow: "0 0 22px 6px rgba(255, 214, 79, .85)", offset: 0.4 },
        { transform: "translateY(0) scale(1)", boxShadow: "0 0 0 0 rgba(255, 214, 79, 0)" },
      ];
      return el.animate(frames, { duration: ms, delay: i * gap, easing: "ease-in-out" }).finished.catch(() => undefined);
    }),
  ).then(() => undefined);
}

function dist(a, b) {
  return Math.hypot(a.left - b.left, a.top - b.top);
}

function cssEscape(s) {
  return window.CSS && CSS.escape ? CSS.escape(s) : String(s).replace(/"/g, '\\"');
}
