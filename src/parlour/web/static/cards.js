// Cards drawn as SVG by parlour itself: no image files, no fonts beyond the
// browser's sans-serif for the rank letters. Suit shapes live once in a hidden
// sprite and every card <use>s them, so a table of 104 cards stays light.
"use strict";

window.Parlour = window.Parlour || {};

(function (P) {
  const SVGNS = "http://www.w3.org/2000/svg";
  const SUIT_PATHS = {
    H: '<path d="M50 92C22 68 2 50 2 29 2 13 14 2 28 2c10 0 18 6 22 15 4-9 12-15 22-15 14 0 26 11 26 27 0 21-20 39-48 63z"/>',
    D: '<path d="M50 2 88 50 50 98 12 50z"/>',
    S: '<path d="M50 2C38 22 4 38 4 62c0 14 11 24 24 24 9 0 15-4 19-10-1 10-5 17-13 24h32c-8-7-12-14-13-24 4 6 10 10 19 10 13 0 24-10 24-24C96 38 62 22 50 2z"/>',
    C: '<circle cx="50" cy="27" r="22"/><circle cx="25" cy="60" r="22"/><circle cx="75" cy="60" r="22"/><path d="M45 50c0 25-4 38-13 48h36c-9-10-13-23-13-48z"/>',
  };
  const SUIT_NAMES = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
  const RANK_NAMES = {
    A: "ace", T: "10", J: "jack", Q: "queen", K: "king",
  };
  const UNO_FILL = { R: "#d62828", G: "#2a9d3f", Y: "#e9b400", B: "#1d5fbf" };
  const UNO_NAMES = { R: "red", G: "green", Y: "yellow", B: "blue" };

  function sprite() {
    if (document.getElementById("parlour-sprite")) return;
    const defs = Object.entries(SUIT_PATHS)
      .map(([s, d]) => `<symbol id="suit-${s}" viewBox="0 0 100 100">${d}</symbol>`)
      .join("");
    const back =
      '<pattern id="back-pattern" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">' +
      '<rect width="10" height="10" fill="#2c4f8c"/><rect width="5" height="10" fill="#3a63a8"/></pattern>';
    const holder = document.createElementNS(SVGNS, "svg");
    holder.setAttribute("id", "parlour-sprite");
    holder.setAttribute("aria-hidden", "true");
    holder.style.cssText = "position:absolute;width:0;height:0;overflow:hidden";
    holder.innerHTML = `<defs>${defs}${back}</defs>`;
    document.body.prepend(holder);
  }

  const isRed = (suit) => suit === "H" || suit === "D";
  const rankText = (r) => (r === "T" ? "10" : r);

  function french(code) {
    const r = code[0];
    const s = code[1];
    const colour = isRed(s) ? "#c01818" : "#111";
    const face = "JQK".includes(r);
    let centre;
    if (face) {
      centre =
        `<rect x="22" y="34" width="56" height="72" rx="6" fill="none" stroke="${colour}" stroke-width="2"/>` +
        `<text x="50" y="74" font-size="36" font-weight="700" text-anchor="middle" fill="${colour}">${r}</text>` +
        `<use href="#suit-${s}" x="39" y="79" width="22" height="22" fill="${colour}"/>`;
    } else {
      centre = `<use href="#suit-${s}" x="25" y="45" width="50" height="50" fill="${colour}"/>`;
    }
    const corner =
      `<text x="5" y="21" font-size="20" font-weight="700" fill="${colour}">${rankText(r)}</text>` +
      `<use href="#suit-${s}" x="6" y="25" width="14" height="14" fill="${colour}"/>`;
    return (
      `<rect x="1" y="1" width="98" height="138" rx="8" fill="#fff" stroke="#888" stroke-width="1.5"/>` +
      corner +
      `<g transform="rotate(180 50 70)">${corner}</g>` +
      centre
    );
  }

  function uno(code) {
    const wild = code[0] === "W";
    const fill = wild ? "#1b1b1b" : UNO_FILL[code[0]];
    const value = wild ? (code === "W4" ? "+4" : "W") : code.slice(1);
    const shown = value === "S" ? "⊘" : value === "D" ? "+2" : value;
    let oval =
      `<ellipse cx="50" cy="70" rx="36" ry="56" transform="rotate(30 50 70)" fill="#fff"/>` +
      `<text x="50" y="86" font-size="${shown.length > 1 ? 38 : 48}" font-weight="800" text-anchor="middle" fill="${fill}">${shown}</text>`;
    if (wild) {
      const q = ["R", "G", "Y", "B"]
        .map((c, i) => {
          const a = (i * Math.PI) / 2;
          const x = 50 + 22 * Math.cos(a);
          const y = 70 + 22 * Math.sin(a);
          return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="15" fill="${UNO_FILL[c]}"/>`;
        })
        .join("");
      oval =
        `<ellipse cx="50" cy="70" rx="36" ry="56" transform="rotate(30 50 70)" fill="#fff"/>` +
        q +
        `<text x="50" y="80" font-size="28" font-weight="800" text-anchor="middle" fill="#fff" stroke="#000" stroke-width="1">${shown}</text>`;
    }
    const corner = `<text x="7" y="22" font-size="18" font-weight="800" fill="#fff">${shown}</text>`;
    return (
      `<rect x="1" y="1" width="98" height="138" rx="9" fill="${fill}" stroke="#fff" stroke-width="3"/>` +
      oval +
      corner +
      `<g transform="rotate(180 50 70)">${corner}</g>`
    );
  }

  function back() {
    return (
      `<rect x="1" y="1" width="98" height="138" rx="8" fill="#fff" stroke="#888" stroke-width="1.5"/>` +
      `<rect x="7" y="7" width="86" height="126" rx="5" fill="url(#back-pattern)"/>`
    );
  }

  function isUno(code) {
    return /^([RGYB]([0-9]|S|D)|W4?)$/.test(code);
  }

  function label(code) {
    if (!code) return "card face down";
    if (isUno(code)) {
      if (code === "W") return "Wild";
      if (code === "W4") return "Wild Draw Four";
      const v = code.slice(1);
      return `${UNO_NAMES[code[0]]} ${v === "S" ? "Skip" : v === "D" ? "Draw Two" : v}`;
    }
    return `${RANK_NAMES[code[0]] || code[0]} of ${SUIT_NAMES[code[1]]}`;
  }

  // A card element: <div class="card"> holding an <svg>. code null: face down.
  P.card = function (code, opts = {}) {
    sprite();
    const el = document.createElement("div");
    el.className = "card" + (code ? "" : " back") + (opts.cls ? " " + opts.cls : "");
    const kind = code && /^[A2-9TJQK][CDHS]$/.test(code) ? "french" : code ? "uno" : "back";
    const inner = kind === "french" ? french(code) : kind === "uno" ? uno(code) : back();
    el.innerHTML = `<svg viewBox="0 0 100 140" role="img" aria-label="${label(code)}">${inner}</svg>`;
    if (code) el.dataset.card = code;
    el.title = label(code);
    return el;
  };

  // An empty place where a pile can be: a dashed outline with its name.
  P.slot = function (name, text) {
    const el = document.createElement("div");
    el.className = "card slot";
    el.innerHTML = `<span>${text || name || ""}</span>`;
    return el;
  };

  P.cardLabel = label;
  P.unoFill = UNO_FILL;
  P.unoNames = UNO_NAMES;
})(window.Parlour);
