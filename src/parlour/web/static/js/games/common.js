// Helpers the game renderers share.
import { h } from "../dom.js";

/** Gaps between piles, in card widths. */
export const GAP = 0.22;
/** Room above a row of piles for their name tags. */
export const TAG = 0.3;

/** Only the top card of a pile may be picked up. */
export const topOnly = (source) => (i, pile) => (i === pile.cards.length - 1 ? { source, count: 1 } : null);

/**
 * "SRC DST [count]" -> a structured move. The fallback for the table service's
 * `moves` (see CONTRACT.md): each renderer's parseMoves is the one place where
 * a move string is read.
 */
export function twoPart(move, countOf = () => 1) {
  const p = move.trim().split(/\s+/);
  if (p.length === 1) return { move, source: null, target: null, count: null, word: p[0] };
  const count = p.length >= 3 && /^\d+$/.test(p[2]) ? Number(p[2]) : countOf(p[0], p[1]);
  return { move, source: p[0], target: p[1], count };
}

/** A small HTML element for the scene's decorations. */
export const decor = (x, y, w, hgt, el) => ({ x, y, w, h: hgt, el });

export const tagged = (cls, text) => h("div", { class: cls, text });

const RANKS = "A23456789TJQK";
export const rankOf = (code) => RANKS.indexOf(code[0]) + 1;
export const redSuit = (code) => code[1] === "H" || code[1] === "D";
