// Statistics pictures, drawn as SVG here: a few dozen lines each, so no chart
// library (and its weight) is served. Every chart has a text alternative.
const NS = "http://www.w3.org/2000/svg";
export const WIN = "#2e7d32";
export const LOSS = "#c62828";
const DRAW = "#6b6b6b";
const INK = "#1b1b1b";

function svg(width, height, label) {
  const el = document.createElementNS(NS, "svg");
  el.setAttribute("viewBox", `0 0 ${width} ${height}`);
  el.setAttribute("class", "chart");
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", label);
  return el;
}

const esc = (s) => String(s).replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** How long a box's width must hold still before its charts are drawn again (ms). */
const SETTLE = 150;
/** The narrowest a chart is drawn: a narrower box shows it scaled down a little. */
const NARROWEST = 300;
const drawers = new WeakMap();

/**
 * A place for a chart that `draw(width)` draws at the width it is shown at
 * (see `fitCharts`): the charts scale to their box, so one drawn 640 wide on a
 * phone shrank its words to 5 px, and one drawn for a phone and shown on a wide
 * screen blew them up.
 */
export function chartSlot(draw) {
  const slot = document.createElement("div");
  slot.className = "chart-slot";
  drawers.set(slot, draw);
  return slot;
}

/**
 * Draw the charts of `root`'s slots (in the page now) at their slots' widths, and
 * again whenever those change (a window resized, a phone turned), once the size
 * has held still for SETTLE ms; in between the drawn charts just scale. Stops
 * when `root` leaves the page.
 */
export function fitCharts(root) {
  const slots = [...root.querySelectorAll(".chart-slot")];
  const fit = () => {
    if (!root.isConnected) return;
    for (const slot of slots) {
      const width = Math.round(Math.max(NARROWEST, slot.clientWidth));
      if (slot.dataset.width === String(width)) continue;
      slot.dataset.width = String(width);
      slot.replaceChildren(drawers.get(slot)(width));
    }
  };
  fit();
  let timer = null;
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(fit, SETTLE);
  };
  if (!window.ResizeObserver) {
    window.addEventListener("resize", later);
    return;
  }
  const observer = new ResizeObserver(() => {
    if (root.isConnected) later();
    else observer.disconnect();
  });
  observer.observe(root);
}

/**
 * Results over time: one mark per finished game, oldest first (a raised bar with
 * a check for a win, a low bar with a cross for a loss), and the running win
 * rate as a line over them.
 */
export function resultsChart(results, label, width = 640) {
  const n = results.length;
  const height = 150;
  const left = 40, right = 8, top = 10, bottom = 24;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const step = plotW / Math.max(n, 1);
  const bar = Math.max(3, Math.min(18, step * 0.7));
  const el = svg(width, height, label);
  const parts = [];
  for (const p of [0, 0.5, 1]) {
    const y = top + plotH * (1 - p);
    parts.push(`<line x1="${left}" x2="${width - right}" y1="${y}" y2="${y}" stroke="#c9c9c9" stroke-width="1"/>`);
    parts.push(`<text x="${left - 4}" y="${y + 4}" font-size="12" text-anchor="end" fill="${INK}">${p * 100}%</text>`);
  }
  let won = 0;
  const line = [];
  results.forEach((r, i) => {
    const x = left + step * i + step / 2;
    const win = r === "won";
    const drawn = r === "draw";
    const hgt = win ? plotH * 0.5 : plotH * 0.22;
    const y = top + plotH - hgt;
    parts.push(`<rect x="${(x - bar / 2).toFixed(1)}" y="${y.toFixed(1)}" width="${bar.toFixed(1)}" height="${hgt.toFixed(1)}" rx="2" fill="${win ? WIN : drawn ? DRAW : LOSS}" opacity=".85"><title>game ${i + 1}: ${esc(r)}</title></rect>`);
    if (bar >= 9) {
      const mark = win ? "✓" : drawn ? "=" : "✗";
      parts.push(`<text x="${x.toFixed(1)}" y="${(y - 3).toFixed(1)}" font-size="12" text-anchor="middle" fill="${INK}">${mark}</text>`);
    }
    if (win) won++;
    line.push([x, top + plotH * (1 - won / (i + 1))]);
  });
  if (line.length > 1) {
    parts.push(`<polyline points="${line.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ")}" fill="none" stroke="#1b4f9c" stroke-width="2.5"/>`);
  }
  // the words under the marks name only what is drawn: one game is neither oldest nor
  // latest, and has no line of the win rate (the key named one all the same)
  if (n > 1) {
    parts.push(`<text x="${left}" y="${height - 6}" font-size="12" fill="${INK}">oldest</text>`);
    const key = width < 420 ? "latest · line: win rate" : "latest · line: win rate so far";
    parts.push(`<text x="${width - right}" y="${height - 6}" font-size="12" text-anchor="end" fill="${INK}">${key}</text>`);
  }
  el.innerHTML = parts.join("");
  return el;
}

/** Horizontal bars: one row per game, value 0..1 (win rate) or any numbers. */
export function barChart(rows, label, { format = (v) => `${Math.round(v * 100)}%`, max = 1, width = 640 } = {}) {
  // A row with a note (a game's deal of the day) names it on a second line.
  const rowH = (r) => (r.note ? 44 : 30);
  const left = width < 420 ? 130 : 150;
  const height = rows.reduce((sum, r) => sum + rowH(r), 0) + 10;
  const el = svg(width, height, label);
  const top = Math.max(max, ...rows.map((r) => r.value), 1e-9);
  let y = 5;
  el.innerHTML = rows.map((r) => {
    const w = ((width - left - 70) * r.value) / top;
    const bar = y + (r.note ? 11 : 4);
    const name = r.note
      ? `<text x="${left - 8}" y="${y + 17}" font-size="14" text-anchor="end" fill="${INK}">${esc(r.label)}</text>` +
        `<text x="${left - 8}" y="${y + 35}" font-size="13" text-anchor="end" fill="${INK}">${esc(r.note)}</text>`
      : `<text x="${left - 8}" y="${y + 19}" font-size="14" text-anchor="end" fill="${INK}">${esc(r.label)}</text>`;
    y += rowH(r);
    return name +
      `<rect x="${left}" y="${bar}" width="${(width - left - 70).toFixed(1)}" height="20" rx="3" fill="#e6e6e6"/>` +
      `<rect x="${left}" y="${bar}" width="${Math.max(0, w).toFixed(1)}" height="20" rx="3" fill="${r.colour || WIN}"/>` +
      `<text x="${(left + Math.max(0, w) + 6).toFixed(1)}" y="${bar + 15}" font-size="13" fill="${INK}">${esc(format(r.value))}</text>`;
  }).join("");
  return el;
}

/** Current and longest streak of wins, as two rows of dots (as many as fit). */
export function streakChart(current, best, label, width = 640) {
  const el = svg(width, 64, label);
  const room = Math.floor((width - 166) / 12);
  const dots = (n, y, fill) => Array.from({ length: Math.min(n, room) }, (_, i) => `<circle cx="${160 + i * 12}" cy="${y}" r="5" fill="${fill}"/>`).join("");
  el.innerHTML =
    `<text x="150" y="24" font-size="13" text-anchor="end" fill="${INK}">current streak ${current}</text>${dots(current, 20, WIN)}` +
    `<text x="150" y="50" font-size="13" text-anchor="end" fill="${INK}">longest streak ${best}</text>${dots(best, 46, "#1b4f9c")}`;
  return el;
}
