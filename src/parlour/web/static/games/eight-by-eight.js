// 8 x 8: eight rows fanned to the right (face-down cards first), eight
// foundations, and the talon with its pending card and the waste pile.
"use strict";

(function (P) {
  P.tables["eight-by-eight"] = {
    render(view, answer, ui) {
      const h = ui.h;
      const rows = h("div", { class: "rows" });
      for (const row of view.rows) {
        const codes = Array(row.face_down).fill(null).concat(row.face_up);
        const up = row.face_up.length;
        const pile = ui.pile(codes, {
          dst: row.name, fan: "right", empty: "empty", label: `row ${row.name}`,
          src: (i) => (i >= row.face_down ? { src: row.name, count: codes.length - i, full: up } : null),
        });
        rows.append(h("div", { class: "trow" }, h("span", { class: "rname", text: row.name }), pile));
      }
      const founds = h("div", { class: "founds" });
      for (const f of view.foundations) {
        founds.append(ui.pile(f.top ? [f.top] : [], { name: f.name, dst: "F", fan: "none", label: `foundation ${f.name}` }));
      }
      const talon = h("div", { class: "talon" },
        ui.pile(view.talon ? [null] : [], { name: "S", move: "turn", count: view.talon, empty: view.pass < view.passes ? "turn" : "", label: "talon: click to turn" }),
        ui.pile(view.pending ? [view.pending] : [], { name: "P", src: () => ({ src: "P" }), empty: "", label: "pending card" }),
        ui.pile(view.waste, { name: "W", dst: "W", fan: "none", src: (i, c) => (i === c.length - 1 ? { src: "W" } : null), count: view.waste.length || undefined, label: "waste" }));
      return h("div", { class: "eight" }, rows, h("div", {}, founds, talon));
    },
    extra(view, answer, ui) {
      const legal = view.legal_moves || [];
      return ui.h("div", { class: "row" },
        ui.h("button", { onclick: () => ui.play("turn"), disabled: !legal.includes("turn"), text: "Turn (T)" }));
    },
    key(ev, ui, view) {
      if (ev.key.toLowerCase() === "t" && (view.legal_moves || []).includes("turn")) {
        ui.play("turn");
        return true;
      }
      return false;
    },
    status(view) {
      return `${view.on_foundations} of 104 cards on the foundations · talon: ${view.talon} · pass ${view.pass} of ${view.passes}` +
        (view.pending ? ` · place the pending ${P.cardLabel(view.pending)}` : "");
    },
  };
})(window.Parlour);
