// Chinese Patience: the computer's hand and discard pile (9) at the top, the
// foundations (1-4) and the tableau (5-8) between, your hand and discard pile
// (0) below. Keys as in the original: T twist, Z end the turn, M then the
// source and destination (M 0 5, M P 8 6).
"use strict";

(function (P) {
  let keyBuffer = null;

  P.tables["chinese-patience"] = {
    isFoundation: (d) => /^[1-4]$/.test(d),
    render(view, answer, ui) {
      const h = ui.h;
      const me = view.player;
      const them = 1 - me;
      const hand = (who, mine) => {
        const n = view.hand_counts[who];
        const order = view.hand_order[who];
        return ui.pile(n ? [null] : [], {
          name: mine ? "your hand" : "their hand", count: n, empty: "empty",
          move: mine ? "twist" : null, label: `${mine ? "your" : "the computer's"} hand, ${n} cards` + (order ? " (order known)" : ""),
        });
      };
      const top = (name) => (i, codes) => (i === codes.length - 1 ? { src: name } : null);
      const theirs = h("div", { class: "side" },
        hand(them, false),
        ui.pile(view.pile_9, { name: "9", dst: "9", fan: "right", empty: "discard", label: "the computer's discard pile (9)" }));
      const founds = h("div", { class: "piles" },
        view.foundations.map((c, i) => ui.pile([c], { name: String(i + 1), dst: String(i + 1), fan: "none", label: `foundation ${i + 1}` })));
      const tableau = h("div", { class: "piles" },
        view.tableau.map((cards, i) => {
          const n = String(i + 5);
          return ui.pile(cards, {
            name: n, dst: n, fan: "down", empty: "space", label: `tableau pile ${n}`,
            src: (j, codes) => (j === codes.length - 1 ? { src: n } : j === 0 && codes.length > 1 ? { src: `P${n}` } : null),
          });
        }));
      const mine = h("div", { class: "side" },
        hand(me, true),
        ui.pile(view.pile_0, { name: "0", fan: "right", src: top("0"), empty: "discard", label: "your discard pile (0)" }));
      return h("div", { class: "cp" }, theirs, h("div", { class: "centre" }, founds, tableau), mine);
    },
    extra(view, answer, ui) {
      const legal = view.legal_moves || [];
      return ui.h("div", { class: "row" },
        ui.h("button", { onclick: () => ui.play("twist"), disabled: !legal.includes("twist"), text: "Twist (T)" }),
        ui.h("button", { onclick: () => ui.play("end"), disabled: !legal.includes("end"), text: "End turn (Z)" }),
        ui.h("span", { text: "M then two pile numbers moves a card (M 0 5); M P 8 6 moves a pile." }));
    },
    key(ev, ui, view) {
      const k = ev.key.toUpperCase();
      if (keyBuffer !== null) {
        if (/^[0-9P]$/.test(k)) {
          keyBuffer.push(k);
          const digits = keyBuffer.filter((x) => x !== "P").length;
          ui.say(`M ${keyBuffer.join(" ")}`);
          if (digits === 2) {
            const move = "M " + keyBuffer.join(" ");
            keyBuffer = null;
            ui.play(move);
          }
          return true;
        }
        keyBuffer = null;
        ui.say("Move cancelled.");
        return k === "ESCAPE";
      }
      if (k === "T") { ui.play("T"); return true; }
      if (k === "Z") { ui.play("Z"); return true; }
      if (k === "M") { keyBuffer = []; ui.say("M: type the source pile (0, 5-8, or P and a pile), then the destination."); return true; }
      return false;
    },
    status(view, answer) {
      const me = view.player;
      const turn = answer.outcome ? "" : view.to_move === me ? "your turn" + (view.first_turn ? " (start with a twist)" : "") : "the computer's turn";
      const series = answer.series ? `Series game ${answer.series.number} (you ${answer.series.totals[0]}, computer ${answer.series.totals[1]}) · ` : "";
      return series + `You: ${view.hand_counts[me]} in hand, ${view.pile_0.length} on 0 · Computer: ${view.hand_counts[1 - me]} in hand, ${view.pile_9.length} on 9 · ` +
        `${turn} · turns without a card to a foundation: ${view.blocked} of ${view.blocked_limit}`;
    },
  };
})(window.Parlour);
