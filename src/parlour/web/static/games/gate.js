// The Gate: the left and right posts as columns, the two bars between them,
// foundations above, stock and waste heap below (the book's picture).
"use strict";

(function (P) {
  const top = (name) => (i, codes) => (i === codes.length - 1 ? { src: name } : null);

  P.tables.gate = {
    render(view, answer, ui) {
      const h = ui.h;
      const bars = view.bars;
      const names = (row) => Array.from({ length: bars }, (_, i) => `${row}${i + 1}`);
      const founds = h("div", { class: "area" });
      for (const [name, card] of Object.entries(view.foundations)) {
        founds.append(ui.pile(card ? [card] : [], { name, dst: "F", fan: "none", label: `foundation ${name}` }));
      }
      const stockArea = h("div", { class: "area" },
        ui.pile(view.stock ? [null] : [], { name: "S", move: "deal", count: view.stock, empty: "deal", label: "stock: click to deal" }),
        ui.pile(view.waste, { name: "W", fan: "none", src: top("W"), count: view.waste.length || undefined, label: "waste heap" }));
      const post = (name) => ui.pile(view.piles[name], { name, fan: "down", src: top(name), label: name === "L" ? "left post" : "right post" });
      const barRow = (row) => h("div", { class: "bar" },
        names(row).map((n) => ui.pile(view.piles[n], { name: n, dst: n, fan: "down", src: top(n), empty: "space", label: `bar pile ${n}` })));
      return h("div", { class: "gate" },
        h("div", { class: "top" }, founds, stockArea),
        post("L"),
        h("div", { class: "bars" }, barRow("T"), barRow("B")),
        post("R"));
    },
    extra(view, answer, ui) {
      const legal = view.legal_moves || [];
      return ui.h("div", { class: "row" },
        ui.h("button", { onclick: () => ui.play("deal"), disabled: !legal.includes("deal"), text: "Deal (D)" }));
    },
    key(ev, ui, view) {
      if (ev.key.toLowerCase() === "d" && (view.legal_moves || []).includes("deal")) {
        ui.play("deal");
        return true;
      }
      return false;
    },
    status(view) {
      const home = Object.values(view.foundations).reduce((n, c) => n + (c ? "A23456789TJQK".indexOf(c[0]) + 1 : 0), 0);
      return `${home} of 52 cards on the foundations · stock: ${view.stock} · waste: ${view.waste.length}` + (view.bars === 3 ? " · 3-card bars" : "");
    },
  };
})(window.Parlour);
