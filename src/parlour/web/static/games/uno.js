// UNO (1991 two-player edition): the computer's hand face down at the top, the
// draw and discard piles with the colour in play between, your hand below.
// A Wild opens the colour chooser; draw, keep, pass and the other one-word
// moves are buttons.
"use strict";

(function (P) {
  const COLOURS = ["R", "G", "Y", "B"];
  const WORDS = { draw: "Draw (D)", keep: "Keep", pass: "Pass", challenge: "Challenge", accept: "Accept", catch: "Catch!", play: "Play it", "play uno": "Play it, UNO!" };
  let chooser = null; // moves waiting for a colour: {prefix, moves}

  function colourChooser(ui, moves, title) {
    const h = ui.h;
    return h("div", { class: "chooser", role: "group", "aria-label": title },
      h("strong", { text: title + ": " }),
      moves.map((m) => {
        const c = m.split(":")[1][0];
        return h("button", { style: `background:${P.unoFill[c]}`, onclick: () => { chooser = null; ui.play(m); }, text: P.unoNames[c] });
      }),
      h("button", { onclick: () => { chooser = null; ui.say(""); P.redraw(); }, text: "Cancel" }));
  }

  function movesFor(legal, code, callUno) {
    const plain = legal.filter((m) => m === code || m.startsWith(code + ":"));
    const called = legal.filter((m) => m === code + " uno" || (m.startsWith(code + ":") && m.endsWith(" uno")));
    if (callUno && called.length) return called;
    return plain.filter((m) => !m.endsWith(" uno")).length ? plain.filter((m) => !m.endsWith(" uno")) : called;
  }

  P.tables.uno = {
    render(view, answer, ui) {
      const h = ui.h;
      const legal = view.legal_moves || [];
      const callUno = () => {
        const box = document.getElementById("call-uno");
        return box ? box.checked : false;
      };
      const theirs = h("div", { class: "side" },
        ui.pile(Array(Math.min(view.opponent_cards, 20)).fill(null), { name: "computer", fan: "right", count: view.opponent_cards, label: `the computer holds ${view.opponent_cards} cards` }));
      const colour = view.colour;
      const centre = h("div", { class: "area" },
        ui.pile(view.draw_pile ? [null] : [], { name: "draw pile", move: "draw", count: view.draw_pile, empty: "empty", label: "draw pile: click to draw" }),
        ui.pile(view.discard, { name: "discard", fan: "none", label: `discard pile, top ${P.cardLabel(view.top)}` }),
        h("div", { class: "label" }, "Colour in play: ",
          colour ? h("span", { class: "colourdot", style: `background:${P.unoFill[colour]}` }) : "none",
          " ", colour ? P.unoNames[colour] : ""));
      const hand = h("div", { class: "hand", role: "group", "aria-label": "your hand" });
      view.hand.forEach((code) => {
        const moves = movesFor(legal, code, false);
        const c = P.card(code, { cls: moves.length ? "playable" : "" });
        if (view.drawn === code && legal.some((m) => m.startsWith("play"))) c.classList.add("selected");
        if (moves.length) {
          c.tabIndex = 0;
          c.setAttribute("role", "button");
          const go = () => {
            const now = movesFor(legal, code, callUno()); // with or without the UNO call
            if (now.length === 1) return ui.play(now[0]);
            chooser = { title: `Name a colour for the ${P.cardLabel(code)}`, moves: now };
            P.tables.uno.showChooser(ui);
          };
          c.addEventListener("click", go);
          c.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); ev.stopPropagation(); go(); } });
        }
        hand.append(c);
      });
      return h("div", { class: "uno" }, theirs, centre, h("div", { class: "label", text: `Your hand (${view.hand.length})` }), hand);
    },
    showChooser(ui) {
      const extra = document.getElementById("extra");
      if (chooser && extra) {
        extra.replaceChildren(colourChooser(ui, chooser.moves, chooser.title));
        extra.querySelector("button").focus();
      }
    },
    extra(view, answer, ui) {
      const h = ui.h;
      const legal = view.legal_moves || [];
      const box = h("div", {});
      const words = legal.filter((m) => WORDS[m]);
      const buttons = h("div", { class: "row" }, words.map((m) => h("button", { onclick: () => ui.play(m), text: WORDS[m] })));
      box.append(buttons);
      const colourMoves = legal.filter((m) => m.startsWith("colour:"));
      if (colourMoves.length) box.append(colourChooser(ui, colourMoves, "Name the colour of the first Wild"));
      const playDrawn = legal.filter((m) => /^play:/.test(m) && !m.endsWith(" uno"));
      if (playDrawn.length) box.append(colourChooser(ui, playDrawn, "Play the drawn Wild and name a colour"));
      if (view.options && view.options.uno_call) {
        box.append(h("label", { class: "opt" }, h("input", { type: "checkbox", id: "call-uno" }), " Call UNO with my next card"));
      }
      const told = [].concat(view.opponent_last || []);
      if (told.length) box.append(h("p", { class: "told", text: told.join("; ") }));
      if (view.last_hand) {
        const lh = view.last_hand;
        const who = lh.winner === null ? "nobody (blocked)" : lh.winner === view.player ? "you" : "the computer";
        box.append(h("p", { text: `Hand ${lh.hand} went to ${who}` + (lh.points ? ` for ${lh.points} points` : "") + (lh.loser_hand && lh.loser_hand.length ? `; the loser held ${lh.loser_hand.join(" ")}` : "") }));
      }
      return box;
    },
    key(ev, ui, view) {
      if (ev.key.toLowerCase() === "d" && (view.legal_moves || []).includes("draw")) {
        ui.play("draw");
        return true;
      }
      return false;
    },
    status(view, answer) {
      const turn = answer.outcome ? "" : view.to_move === view.player ? " · your turn" : " · the computer's turn";
      return `Match to ${view.target}: you ${view.scores[view.player]}, computer ${view.scores[1 - view.player]} · hand ${view.hand_number} · ` +
        `you hold ${view.hand.length}, the computer ${view.opponent_cards} · draw pile ${view.draw_pile}${turn}`;
    },
  };
})(window.Parlour);
