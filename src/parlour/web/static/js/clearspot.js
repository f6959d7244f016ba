// Where a panel over the table hides the least of it. A game's end panel stood in the
// middle of the table whatever lay there: after a loss it covered what a person looks
// for then (the cards left, the card that ended it: UNO's hand and discard pile), as
// lichess never covers the board. Measured from the table as drawn (every game's
// cards, slots and decorations: no game read by name): the part of each card in view,
// weighted by what it tells, and the panel moved to where it covers the least.

/** What a square pixel of each thing on the table is worth keeping in view. */
const WORTH = {
  top: 5, // the top card of a pile: the one played last, or the next to play
  home: 0.5, // a card on a foundation: what is done (the panel counts them), not what is left
  face: 1, // a face-up card under it, its corner in view
  squared: 0.2, // a face-up card squared up out of reading
  back: 0.25, // a face-down card: its pile's size
  slot: 0.15, // an empty place
  decor: 0.5, // a game's own sign (the calculator, UNO's colour in play): a summary
};
/** The step between the places tried, in pixels. */
const STEP = 8;

/** The rectangles of `scene` in view, each with its worth; `home(id)`: whether pile
 * `id` is a foundation. */
function marks(scene, home) {
  const out = [];
  for (const pile of scene.querySelectorAll(".pile")) {
    const done = home(pile.dataset.pile);
    const cards = [...pile.querySelectorAll(":scope > .card")].sort((a, b) => a.dataset.index - b.dataset.index);
    cards.forEach((el, i) => {
      const r = el.getBoundingClientRect();
      const next = cards[i + 1] ? cards[i + 1].getBoundingClientRect() : null;
      const face = !!el.dataset.card;
      let part = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      if (next && next.top - r.top > 0.5) part.bottom = Math.min(r.bottom, next.top);
      else if (next && next.left - r.left > 0.5) part.right = Math.min(r.right, next.left);
      else if (next) return; // squared up under the next card: nothing of it in view
      const worth = done ? WORTH.home : !face ? WORTH.back : !next ? WORTH.top
        : el.hasAttribute("data-covered") ? WORTH.squared : WORTH.face;
      out.push({ ...part, worth });
    });
    for (const slot of pile.querySelectorAll(":scope > .slot")) out.push({ ...box(slot), worth: WORTH.slot });
  }
  for (const el of scene.querySelectorAll(".decor")) out.push({ ...box(el), worth: WORTH.decor });
  return out;
}

function box(el) {
  const r = el.getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
}

const overlap = (a, left, top, right, bottom) =>
  Math.max(0, Math.min(a.right, right) - Math.max(a.left, left)) * Math.max(0, Math.min(a.bottom, bottom) - Math.max(a.top, top));

/**
 * Move `panel` (centred in `host`, which lies over the table) to the place in `host`
 * where it hides the least of `scene`: of the places within a card's corner of the
 * least, the nearest the middle (so a table with room to spare keeps it there).
 * `home(id)`: whether pile `id` holds cards the game is done with (a foundation).
 * Returns how far it moved ({dx, dy}, px).
 */
export function placeClear(panel, host, scene, home = () => false) {
  panel.style.translate = "";
  const pr = panel.getBoundingClientRect();
  const hr = host.getBoundingClientRect();
  const pad = parseFloat(getComputedStyle(host).paddingTop) || 0;
  if (!pr.width || !pr.height || !scene) return { dx: 0, dy: 0 };
  const room = { left: hr.left + pad, top: hr.top + pad, right: hr.right - pad, bottom: hr.bottom - pad };
  const spots = (from, to, at) => {
    if (to - from < 1) return [at];
    const out = [];
    for (let v = from; v < to; v += STEP) out.push(v);
    out.push(to, at);
    return out;
  };
  const xs = spots(room.left, room.right - pr.width, pr.left);
  const ys = spots(room.top, room.bottom - pr.height, pr.top);
  const seen = marks(scene, home);
  const costs = [];
  let least = Infinity;
  for (const x of xs) {
    for (const y of ys) {
      let cost = 0;
      for (const m of seen) cost += m.worth * overlap(m, x, y, x + pr.width, y + pr.height);
      costs.push([cost, x, y]);
      least = Math.min(least, cost);
    }
  }
  // a card's corner (its index, a fifth of the card each way) at the top card's worth
  const card = scene.querySelector(".card");
  const slack = card ? WORTH.top * (card.offsetWidth * card.offsetHeight) / 25 : 0;
  let best = null;
  for (const [cost, x, y] of costs) {
    if (cost > least + slack) continue;
    const far = Math.hypot(x - pr.left, y - pr.top);
    if (!best || far < best.far) best = { x, y, far };
  }
  const dx = Math.round(best.x - pr.left);
  const dy = Math.round(best.y - pr.top);
  if (dx || dy) panel.style.translate = `${dx}px ${dy}px`;
  return { dx, dy };
}
