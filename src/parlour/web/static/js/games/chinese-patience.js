// Chinese Patience: the other seat's hand and discard pile (9 in moves) at the top, the
// foundations (1-4) and the tableau (5-8) between, the hand and discard pile (0 in moves) of
// the seat the table faces below. The original's M key is read here (M then the source and
// destination: M 0 5, M P 8 6); its T (twist) and Z (end the turn) are the game's own, from
// the service (answer.move_keys), as every one-word move's key is.
import { CARD_H, fanned, tagWidth } from "../scene.js";
import { GAP, TAG, topOnly } from "./common.js";
import { nameOf, whose, across, counted } from "../words.js";

/**
 * The room a tableau pile has at least: six cards, each showing its corner (the fan's
 * least step, scene.js FAN.down.min). It was three at the full step, four at the
 * least: piles of five, met in a game at 1440x900, squeezed two cards to a 6.5 px
 * strip, the cards they cover unreadable and too thin to click (the table had no
 * room to spare: only smaller cards give it).
 */
const TAB_MIN = CARD_H + 5 * 0.2 * CARD_H;
let keyBuffer = null;

/** A hand's label: the seat the table faces says "your hand", the other its name. */
const handTag = (view, who) => (who === view.player ? `${whose(who)} hand` : nameOf(who));

/**
 * Where a discard pile starts, after its hand, in card widths at `unit` pixels a card:
 * clear of the hands' labels, a gap between (at 360 px the labels, wider than a card
 * there, ran together: "the computer the computer's discard pile (1)", and "Player
 * 2's hand" was squeezed to 9 px), up to a card's gap past the next card's place, two
 * on a phone on its side, where the cards are smallest and a label the widest in card
 * widths.
 */
function discardX(view, unit) {
  const labels = [view.player, 1 - view.player].map((who) => tagWidth(handTag(view, who), unit));
  return Math.min(2 + 2 * GAP, Math.max(1 + GAP + 0.15, Math.max(...labels) + 14 / (unit || 50)));
}

/**
 * The row a hand and its discard pile need for every card of the longer discard pile
 * to show its corner (the players see both piles in full): at least `least`. A pile of
 * 13 on a phone upright (360x740, 390x844) squared its lower cards up to 3.4 px strips,
 * with the table's own width beside it unused (the rows were centred with the piles
 * between them).
 */
const discardRow = (view, least) => {
  const longest = fanned(Math.max(view.pile_0.length, view.pile_9.length), "right");
  return (unit) => Math.max(least, discardX(view, unit) + longest);
};

export default {
  name: "chinese-patience",
  parseMoves(view) {
    return (view.legal_moves || []).map((m) => {
      const p = m.trim().split(/\s+/);
      if (p.length === 1) return { move: m, source: null, target: null, count: null, word: m };
      if (p[0].startsWith("P")) {
        const src = p[0].slice(1);
        return { move: m, source: src, target: p[1], count: view.tableau[Number(src) - 5].length };
      }
      return { move: m, source: p[0], target: p[1], count: 1 };
    });
  },
  isFoundation: (t) => /^[1-4]$/.test(t),
  // The hands' rows may be wider than the piles between them (a long discard pile):
  // `widthAt` (scene.js fit), the cards smaller only where the table has no room beside.
  layouts(view) {
    const four = 4 + 3 * GAP;
    return [
      // (the 0.05: the room kept under the bottom row, see `bottom` in scene)
      {
        name: "wide", w: four * 2 + 0.5, h: TAG + CARD_H + 0.2 + TAG + TAB_MIN + 0.2 + TAG + CARD_H + 0.05,
        widthAt: discardRow(view, four * 2 + 0.5),
      },
      { name: "tall", w: four, h: (TAG + CARD_H + 0.2) * 3 + TAG + TAB_MIN + 0.2, widthAt: discardRow(view, four) },
    ];
  },
  scene(view, box, layout, unit) {
    const me = view.player;
    const them = 1 - me;
    const four = 4 + 3 * GAP;
    // the table's whole width, the piles centred in it: a discard pile and its label
    // reach into the room beside them
    const width = Math.max(layout.w, box.w);
    const off = (width - layout.w) / 2;
    const x = (i) => off + i * (1 + GAP);
    const piles = [];
    const row0 = TAG;
    const bottom = box.h - CARD_H - 0.05;
    // The discard piles start clear of the hands' labels (the room from there to the
    // table's edge is the discard pile's); the hands' rows line up with the piles
    // between them, or start further left where a discard pile needs the room.
    const dx = discardX(view, unit);
    const longest = fanned(Math.max(view.pile_0.length, view.pile_9.length), "right");
    const rowX = Math.max(0, Math.min(off, width - dx - longest));
    const hand = (who, y) => {
      const n = view.hand_counts[who];
      const mine = who === me;
      return {
        id: mine ? "hand" : "their-hand", x: rowX, y, cards: n ? [null] : [], total: n, count: n, fan: "none",
        target: null, action: mine ? "twist" : null, tag: handTag(view, who),
        label: `${whose(who)} hand, ${counted(n, "card")}` + (view.hand_order[who] ? " (order known)" : ""),
        empty: "", cls: mine ? "" : "opponent",
      };
    };
    const discard = (id, cards, y, mine) => {
      // The figure is the pile's card count (its number in moves, 0 or 9, is in the keys help).
      const name = `${whose(mine ? me : them)} discard pile`;
      const n = cards.length;
      return {
        id, x: rowX + dx, y, cards, fan: "right", room: width - rowX - dx, tag: `${name} (${n})`,
        target: mine ? null : "9", detail: counted(n, "card"), empty: "",
        grab: mine ? topOnly("0") : null,
      };
    };
    piles.push(hand(them, row0), discard("9", view.pile_9, row0, false));
    let tabY, tabX;
    const foundY = row0 + CARD_H + 0.2 + TAG;
    if (layout.name === "wide") {
      tabY = foundY;
      tabX = four + 0.5;
    } else {
      tabY = foundY + CARD_H + 0.2 + TAG;
      tabX = 0;
    }
    view.foundations.forEach((top, i) => {
      const name = String(i + 1);
      piles.push({ id: name, x: x(i), y: foundY, cards: [top], fan: "none", target: name, tag: name });
    });
    view.tableau.forEach((cards, i) => {
      const name = String(i + 5);
      piles.push({
        id: name, x: tabX + x(i), y: tabY, cards, fan: "down", room: bottom - TAG - 0.2 - tabY, tag: name,
        empty: "space",
        grab: (k, pile) => {
          const n = pile.cards.length;
          if (k === n - 1) return { source: name, count: 1 };
          if (k === 0 && n > 1) return { source: name, count: n };
          return null;
        },
      });
    });
    piles.push(hand(me, bottom), discard("0", view.pile_0, bottom, true));
    return { w: width, h: box.h, piles, decor: [] };
  },
  controls: [
    { word: "twist", always: true, label: "Twist" },
    { word: "end", always: true, label: "End turn" },
  ],
  /** The key help names the hands and discard piles as their labels and the log do. */
  keys: () => [
    { move: "twist", does: `twist: turn the top card of ${whose(1 - across())} hand onto ${whose(1 - across())} discard pile` },
    { move: "end", does: `end ${whose(1 - across())} turn` },
    {
      key: "M",
      does: `then two pile numbers moves a card (0 is ${whose(1 - across())} discard pile, 9 is ${whose(across())}): ` +
        `M 0 5 from ${whose(1 - across())} discard pile to pile 5, M 7 9 onto ${whose(across())} discard pile; ` +
        "M P 8 6 moves a whole pile",
    },
  ],
  dealFrom: "hand",
  // The counts after the status line are the service's (answer.counts, step.counts).
  /** The original's M key: M, an optional P, then two pile numbers. */
  key(ev, table) {
    const k = ev.key.toUpperCase();
    if (keyBuffer !== null) {
      if (/^[0-9P]$/.test(k)) {
        keyBuffer.push(k);
        table.say(`M ${keyBuffer.join(" ")}`);
        if (keyBuffer.filter((c) => c !== "P").length === 2) {
          const typed = "M " + keyBuffer.join(" ");
          keyBuffer = null;
          table.playTyped(typed);
        }
        return true;
      }
      keyBuffer = null;
      table.say("Move cancelled.");
      return k === "ESCAPE";
    }
    if (k === "M") {
      keyBuffer = [];
      table.say("M: type the source pile (0, 5-8, or P and a pile), then the destination.");
      return true;
    }
    return false;
  },
};
