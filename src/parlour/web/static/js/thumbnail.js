// A game's table as one small SVG drawing, from its renderer's own scene.
import { fit, fanOffsets, CARD_H } from "./scene.js";
import { rendererFor } from "./games/index.js";
import { isFrench, UNO_FILL } from "./cards.js";

const SUIT_INK = { H: "#c8102e", D: "#c8102e", C: "#1b1b1b", S: "#1b1b1b" };
const SUIT = { C: "♣", D: "♦", H: "♥", S: "♠" };

export function thumbnail(game, view, width = 300, height = 170) {
  const r = rendererFor(game);
  const { layout, unit, box } = fit(r.layouts(view), width - 20, height - 20, { min: 1 });
  const scene = r.scene(view, box, layout, unit);
  const parts = [];
  const ox = (width - scene.w * unit) / 2;
  const oy = 6;
  let top = height, bottom = 0;
  const spans = (y, hh) => {
    top = Math.min(top, y);
    bottom = Math.max(bottom, y + hh);
  };
  for (const pile of scene.piles) {
    const fan = pile.fan || "none";
    const room = pile.room ?? (fan === "down" ? CARD_H : 1);
    const { offsets } = fanOffsets(pile.cards, fan, room, pile);
    const extent = (offsets[offsets.length - 1] || 0) + (fan === "down" ? CARD_H : 1);
    const shift = pile.align === "center" && pile.cards.length ? Math.max(0, (room - extent) / 2) : 0;
    const x0 = ox + pile.x * unit;
    const y0 = oy + pile.y * unit;
    if (!pile.cards.length) {
      spans(y0, unit * CARD_H);
      parts.push(`<rect x="${x0.toFixed(1)}" y="${y0.toFixed(1)}" width="${unit.toFixed(1)}" height="${(unit * CARD_H).toFixed(1)}" rx="${(unit * 0.08).toFixed(1)}" fill="none" stroke="#cfe3d5" stroke-dasharray="3 2"/>`);
    }
    pile.cards.forEach((code, i) => {
      const x = x0 + (fan === "right" ? (offsets[i] + shift) * unit : 0);
      const y = y0 + (fan === "down" ? (offsets[i] + shift) * unit : 0);
      const w = unit;
      const hh = unit * CARD_H;
      const rx = (unit * 0.08).toFixed(1);
      spans(y, hh);
      if (!code) {
        parts.push(`<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${hh.toFixed(1)}" rx="${rx}" fill="#2f5aa0" stroke="#fff" stroke-width="1"/>`);
      } else if (isFrench(code)) {
        parts.push(`<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${hh.toFixed(1)}" rx="${rx}" fill="#fffdf8" stroke="#7a7a7a" stroke-width=".8"/>`);
        parts.push(`<text x="${(x + w * 0.08).toFixed(1)}" y="${(y + w * 0.36).toFixed(1)}" font-size="${(w * 0.34).toFixed(1)}" font-weight="700" fill="${SUIT_INK[code[1]]}">${code[0] === "T" ? "10" : code[0]}${SUIT[code[1]]}</text>`);
      } else {
        const fill = code[0] === "W" ? "#1b1b1b" : UNO_FILL[code[0]];
        parts.push(`<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${hh.toFixed(1)}" rx="${rx}" fill="${fill}" stroke="#fff" stroke-width="1"/>`);
        parts.push(`<ellipse cx="${(x + w / 2).toFixed(1)}" cy="${(y + hh / 2).toFixed(1)}" rx="${(w * 0.3).toFixed(1)}" ry="${(hh * 0.36).toFixed(1)}" fill="#fff" transform="rotate(28 ${(x + w / 2).toFixed(1)} ${(y + hh / 2).toFixed(1)})"/>`);
      }
    });
  }
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "thumb");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  // The drawing sits in the middle of the felt, however little of its height it needs.
  const dy = bottom > top ? Math.max(0, (height - (bottom - top)) / 2 - top) : 0;
  svg.innerHTML = `<rect width="${width}" height="${height}" rx="10" fill="#1d5e35"/>` +
    `<g transform="translate(0 ${dy.toFixed(1)})">${parts.join("")}</g>`;
  return svg;
}
