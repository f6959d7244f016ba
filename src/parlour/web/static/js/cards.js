// Cards drawn as SVG by parlour itself: no image files and no web fonts. Each card
// face is drawn once into a hidden sprite as a <symbol>; every card on the table
// <use>s it, so a table of 104 cards stays light and quick to move.

const SVGNS = "http://www.w3.org/2000/svg";
export const SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
const SUIT_WORDS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_WORDS = { A: "Ace", T: "10", J: "Jack", Q: "Queen", K: "King" };
export const UNO_COLOURS = ["R", "Y", "G", "B"];
export const UNO_WORDS = { R: "red", G: "green", Y: "yellow", B: "blue" };
/** Card colours chosen so the white (black on yellow) corner text passes WCAG AA. */
export const UNO_FILL = { R: "#c62828", G: "#2e7d32", Y: "#f6c915", B: "#1565c0" };
const UNO_INK = { R: "#fff", G: "#fff", Y: "#1b1b1b", B: "#fff" };
const RED = "#c8102e";
const BLACK = "#1b1b1b";

// Suit shapes in a 100 x 100 box.
const SUIT_PATHS = {
  H: "M50 92C22 68 2 50 2 29 2 13 14 2 28 2c10 0 18 6 22 15 4-9 12-15 22-15 14 0 26 11 26 27 0 21-20 39-48 63z",
  D: "M50 2 88 50 50 98 12 50z",
  S: "M50 2C38 22 4 38 4 62c0 14 11 24 24 24 9 0 15-4 19-10-1 10-5 17-13 24h32c-8-7-12-14-13-24 4 6 10 10 19 10 13 0 24-10 24-24C96 38 62 22 50 2z",
  C: "M50 5a22 22 0 0 1 20 32 22 22 0 1 1-12 36c1 11 5 18 12 25H30c7-7 11-14 12-25a22 22 0 1 1-12-36A22 22 0 0 1 50 5z",
};

// UNO colour marks for colour-blind players, in a 20 x 20 box: a triangle (red),
// a sun (yellow), a leaf (green) and a drop of water (blue).
export const UNO_MARKS = {
  R: '<path d="M10 1.5 19 18H1z"/>',
  Y: '<circle cx="10" cy="10" r="4.6"/><path d="M10 0v4M10 16v4M0 10h4M16 10h4M2.9 2.9l2.8 2.8M14.3 14.3l2.8 2.8M2.9 17.1l2.8-2.8M14.3 5.7l2.8-2.8" stroke-width="2.2" stroke-linecap="round"/>',
  G: '<path d="M2 18C2 8 8 2 18 2c0 10-6 16-16 16z"/><path d="M3 17 13 7" stroke-width="1.6" fill="none"/>',
  B: '<path d="M10 1C7 6 3 10 3 13.5a7 7 0 0 0 14 0C17 10 13 6 10 1z"/>',
};

const isRed = (suit) => suit === "H" || suit === "D";
const rankText = (r) => (r === "T" ? "10" : r);
export const isFrench = (code) => typeof code === "string" && /^[A2-9TJQK][CDHS]$/.test(code);
export const isUno = (code) => typeof code === "string" && /^([RGYB]([0-9]|S|D)|W4?)$/.test(code);

/** A card as a person reads it: "7♦", "Q♠", "red 8", "green Skip", "Wild Draw Four". */
export function cardName(code) {
  if (!code) return "a face-down card";
  if (isFrench(code)) return rankText(code[0]) + SUITS[code[1]];
  if (isUno(code)) {
    if (code === "W") return "Wild";
    if (code === "W4") return "Wild Draw Four";
    const v = code.slice(1);
    return `${UNO_WORDS[code[0]]} ${v === "S" ? "Skip" : v === "D" ? "Draw Two" : v}`;
  }
  return code;
}

/** A rank (its letter) with its article, as cards.py's rank_words says it: "an Ace",
 * "a 7", "an 8", "a 10", "a King". */
export function rankWords(r) {
  const name = RANK_WORDS[r] || r;
  return (/^[A8]/.test(name) ? "an " : "a ") + name;
}

/** A card in words for screen readers: "7 of diamonds". */
export function cardWords(code) {
  if (isFrench(code)) return `${RANK_WORDS[code[0]] || code[0]} of ${SUIT_WORDS[code[1]]}`;
  return cardName(code);
}

let sprite = null;
function defs() {
  if (sprite && sprite.isConnected) return sprite.querySelector("defs");
  sprite = document.createElementNS(SVGNS, "svg");
  sprite.setAttribute("id", "parlour-sprite");
  sprite.setAttribute("aria-hidden", "true");
  sprite.setAttribute("focusable", "false");
  sprite.style.cssText = "position:absolute;width:0;height:0;overflow:hidden";
  const suits = Object.entries(SUIT_PATHS)
    .map(([s, d]) => `<symbol id="suit-${s}" viewBox="0 0 100 100"><path d="${d}"/></symbol>`)
    .join("");
  const marks = Object.entries(UNO_MARKS)
    .map(([c, d]) => `<symbol id="mark-${c}" viewBox="0 0 20 20">${d}</symbol>`)
    .join("");
  const back =
    '<pattern id="back-pattern" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">' +
    '<rect width="8" height="8" fill="#24467f"/><rect width="4" height="8" fill="#2f5aa0"/></pattern>';
  sprite.innerHTML = `<defs>${suits}${marks}${back}</defs>`;
  document.body.prepend(sprite);
  return sprite.querySelector("defs");
}

function suitUse(s, x, y, size, fill, flip = false) {
  const t = flip ? ` transform="rotate(180 ${x + size / 2} ${y + size / 2})"` : "";
  return `<use href="#suit-${s}" x="${x}" y="${y}" width="${size}" height="${size}" fill="${fill}"${t}/>`;
}

// Pip centres of the number cards in the 100 x 140 card.
const L = 33, M = 50, Rr = 67;
const T = 37, B = 103;
const PIPS = {
  2: [[M, T], [M, B]],
  3: [[M, T], [M, 70], [M, B]],
  4: [[L, T], [Rr, T], [L, B], [Rr, B]],
  5: [[L, T], [Rr, T], [M, 70], [L, B], [Rr, B]],
  6: [[L, T], [Rr, T], [L, 70], [Rr, 70], [L, B], [Rr, B]],
  7: [[L, T], [Rr, T], [M, 53.5], [L, 70], [Rr, 70], [L, B], [Rr, B]],
  8: [[L, T], [Rr, T], [M, 53.5], [L, 70], [Rr, 70], [M, 86.5], [L, B], [Rr, B]],
  9: [[L, T], [Rr, T], [L, 59], [Rr, 59], [M, 70], [L, 81], [Rr, 81], [L, B], [Rr, B]],
  T: [[L, T], [Rr, T], [M, 48], [L, 59], [Rr, 59], [L, 81], [Rr, 81], [M, 92], [L, B], [Rr, B]],
};

function frenchFace(code) {
  const r = code[0];
  const s = code[1];
  const ink = isRed(s) ? RED : BLACK;
  let centre = "";
  if (r === "A") {
    centre = suitUse(s, 26, 46, 48, ink);
  } else if ("JQK".includes(r)) {
    const accent = isRed(s) ? "#f3d9a4" : "#dbe6f5";
    centre =
      `<rect x="25" y="30" width="50" height="80" rx="5" fill="${accent}" stroke="${ink}" stroke-width="2"/>` +
      `<text x="50" y="82" font-size="38" font-family="serif" font-weight="700" text-anchor="middle" fill="${ink}">${r}</text>` +
      suitUse(s, 41, 86, 18, ink) +
      suitUse(s, 41, 36, 18, ink, true);
  } else {
    centre = PIPS[r].map(([x, y]) => suitUse(s, x - 9, y - 9, 18, ink, y > 70)).join("");
  }
  // Large corner indices, readable on a phone's small cards: the suit both beside
  // the rank (seen in a pile fanned down) and under it (seen in a fan to the right).
  const rank = rankText(r);
  const corner =
    `<text x="${rank.length > 1 ? 2 : 5}" y="26" font-size="27" font-weight="700" letter-spacing="${rank.length > 1 ? -3 : 0}" fill="${ink}">${rank}</text>` +
    suitUse(s, rank.length > 1 ? 35 : 26, 9, 15, ink) +
    suitUse(s, 4, 30, 17, ink);
  return (
    `<rect x="0.75" y="0.75" width="98.5" height="138.5" rx="7" fill="#fffdf8" stroke="#7a7a7a" stroke-width="1.5"/>` +
    corner +
    `<g transform="rotate(180 50 70)">${corner}</g>` +
    centre
  );
}

function unoFace(code) {
  const wild = code[0] === "W";
  const colour = wild ? null : code[0];
  const fill = wild ? "#1b1b1b" : UNO_FILL[colour];
  const ink = wild ? "#fff" : UNO_INK[colour];
  const value = wild ? (code === "W4" ? "+4" : "") : code.slice(1);
  const shown = value === "S" ? "⊘" : value === "D" ? "+2" : value;
  const big = shown.length > 1 ? 40 : 54;
  let oval = `<ellipse cx="50" cy="70" rx="34" ry="54" transform="rotate(28 50 70)" fill="#fff"/>`;
  if (wild) {
    const quarter = (c, a) => {
      const rad = (d) => (d * Math.PI) / 180;
      const x1 = 50 + 30 * Math.cos(rad(a)), y1 = 70 + 30 * Math.sin(rad(a));
      const x2 = 50 + 30 * Math.cos(rad(a + 90)), y2 = 70 + 30 * Math.sin(rad(a + 90));
      return `<path d="M50 70L${x1.toFixed(1)} ${y1.toFixed(1)}A30 30 0 0 1 ${x2.toFixed(1)} ${y2.toFixed(1)}z" fill="${UNO_FILL[c]}"/>`;
    };
    oval += UNO_COLOURS.map((c, i) => quarter(c, -90 + i * 90)).join("");
    if (shown) {
      oval += `<text x="50" y="84" font-size="38" font-weight="800" text-anchor="middle" fill="#fff" stroke="#1b1b1b" stroke-width="2.5" paint-order="stroke">${shown}</text>`;
    }
  } else {
    const valueInk = colour === "Y" ? "#1b1b1b" : fill;
    oval += `<text x="50" y="${70 + big * 0.36}" font-size="${big}" font-weight="800" text-anchor="middle" fill="${valueInk}">${shown}</text>`;
  }
  const mark = wild ? "" : `<use href="#mark-${colour}" x="6" y="30" width="16" height="16" fill="${ink}" stroke="${ink}"/>`;
  const corner = wild
    ? `<text x="6" y="24" font-size="20" font-weight="800" fill="#fff">${code === "W4" ? "+4" : "W"}</text>`
    : `<text x="6" y="25" font-size="22" font-weight="800" fill="${ink}">${shown}</text>` + mark;
  return (
    `<rect x="0.75" y="0.75" width="98.5" height="138.5" rx="8" fill="${fill}" stroke="#fff" stroke-width="1.5"/>` +
    `<rect x="4" y="4" width="92" height="132" rx="6" fill="none" stroke="rgba(255,255,255,.55)" stroke-width="1"/>` +
    oval +
    corner +
    `<g transform="rotate(180 50 70)">${corner}</g>`
  );
}

function backFace() {
  return (
    `<rect x="0.75" y="0.75" width="98.5" height="138.5" rx="7" fill="#fffdf8" stroke="#7a7a7a" stroke-width="1.5"/>` +
    `<rect x="6" y="6" width="88" height="128" rx="5" fill="url(#back-pattern)"/>` +
    `<rect x="6" y="6" width="88" height="128" rx="5" fill="none" stroke="#18335f" stroke-width="1.5"/>`
  );
}

function symbolFor(code) {
  const id = code ? `card-${code}` : "card-back";
  const holder = defs();
  if (!holder.querySelector(`#${id}`)) {
    const sym = document.createElementNS(SVGNS, "symbol");
    sym.setAttribute("id", id);
    sym.setAttribute("viewBox", "0 0 100 140");
    sym.innerHTML = !code ? backFace() : isFrench(code) ? frenchFace(code) : unoFace(code);
    holder.append(sym);
  }
  return id;
}

/** The <svg> of one card face (null: the back), sized by its container. */
export function cardSvg(code) {
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", "0 0 100 140");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  const use = document.createElementNS(SVGNS, "use");
  use.setAttribute("href", `#${symbolFor(code)}`);
  svg.append(use);
  return svg;
}

/** A card element: <div class="card"> holding its face. code null: face down. */
export function cardElement(code, cls = "") {
  const el = document.createElement("div");
  el.className = "card" + (code ? " face" : " back") + (cls ? " " + cls : "");
  el.append(cardSvg(code));
  if (code) el.dataset.card = code;
  return el;
}

/** A UNO colour mark as a small inline SVG (for buttons, status and the chooser). */
export function colourMark(colour, size = 18) {
  defs();
  const svg = document.createElementNS(SVGNS, "svg");
  svg.setAttribute("viewBox", "0 0 20 20");
  svg.setAttribute("width", size);
  svg.setAttribute("height", size);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.setAttribute("class", "mark");
  svg.innerHTML = `<use href="#mark-${colour}" fill="currentColor" stroke="currentColor"/>`;
  return svg;
}
