// Everything that must be in the window, without scrolling, at the card table:
// run by test_web_table.py in the page; returns a list of problems (empty: fine).
(() => {
  const vw = window.innerWidth, vh = window.innerHeight;
  const problems = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > vw + 1) problems.push(`the page is ${doc.scrollWidth}px wide`);
  if (doc.scrollHeight > vh + 1) problems.push(`the page is ${doc.scrollHeight}px tall`);
  const shown = (el) => {
    const s = getComputedStyle(el);
    return s.display !== 'none' && s.visibility !== 'hidden' && el.getClientRects().length > 0
      && !el.closest('[hidden]') && !el.closest('.side:not(.open)');
  };
  const name = (el) => el.dataset.card || el.id || el.className || el.tagName;
  const felt = document.querySelector('#table').getBoundingClientRect();
  const inside = (r, box) => r.left >= box.left - 0.5 && r.top >= box.top - 0.5
    && r.right <= box.right + 0.5 && r.bottom <= box.bottom + 0.5;
  const win = {left: 0, top: 0, right: vw, bottom: vh};
  const must = ['#status', '.toolbar button', '.toolbar a', '.home-link', '#controls button',
                '#endpanel', '#endpanel button'];
  for (const sel of must) for (const el of document.querySelectorAll(sel)) {
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (!inside(r, win)) problems.push(`${sel} "${el.textContent.trim().slice(0, 30)}" is outside the window`);
  }
  const cards = [...document.querySelectorAll('#scene .card')].map((el) => ({
    el, r: el.getBoundingClientRect(), pile: el.closest('.pile').dataset.pile,
    i: Number(el.dataset.index), covered: el.hasAttribute('data-covered'), face: !!el.dataset.card,
  }));
  for (const sel of ['#scene .card', '#scene .slot', '#scene .tag', '#scene .count', '#scene .decor']) {
    for (const el of document.querySelectorAll(sel)) {
      if (!inside(el.getBoundingClientRect(), felt)) problems.push(`${sel} ${name(el)} sticks out of the table`);
    }
  }
  const overlap = (a, b) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left))
    * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  for (let x = 0; x < cards.length; x++) for (let y = x + 1; y < cards.length; y++) {
    const a = cards[x], b = cards[y];
    if (a.pile !== b.pile && overlap(a.r, b.r) > 2) problems.push(`${name(a.el)} (${a.pile}) overlaps ${name(b.el)} (${b.pile})`);
  }
  const byPile = {};
  for (const c of cards) (byPile[c.pile] = byPile[c.pile] || []).push(c);
  for (const list of Object.values(byPile)) {
    list.sort((a, b) => a.i - b.i);
    for (let k = 0; k + 1 < list.length; k++) {
      const c = list[k], next = list[k + 1];
      if (!c.face || c.covered) continue;
      const dy = next.r.top - c.r.top, dx = next.r.left - c.r.left;
      if (dy < 0.19 * c.r.height && dx < 0.24 * c.r.width) problems.push(`${name(c.el)} in ${c.pile} is hidden by the card on it`);
    }
  }
  for (const tag of document.querySelectorAll('#scene .tag, #scene .decor')) {
    const r = tag.getBoundingClientRect();
    for (const c of cards) {
      if (c.el.closest('.pile') === tag.closest('.pile') && !tag.classList.contains('tag')) continue;
      if (overlap(r, c.r) > 2) problems.push(`the label "${tag.textContent.trim()}" overlaps ${name(c.el)}`);
    }
  }
  return problems;
})
