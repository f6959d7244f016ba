// Calculation: foundations with the calculator on the left, the four fanned
// waste piles on the right, the stock's current card below (rules page layout).
"use strict";

(function (P) {
  const top = (name) => (i, codes) => (i === codes.length - 1 ? { src: name } : null);

  function calculator(row) {
    const el = P.h("div", { class: "calculator" + (row.next === null ? " complete" : ""), "aria-label": `${row.foundation} calculator` });
    row.sequence.forEach((r, i) => {
      const cls = row.next === null ? "" : i < row.played ? "played" : i === row.played ? "next" : "";
      el.append(P.h("span", { class: cls, text: r === "T" ? "10" : r, title: cls === "next" ? "next card needed" : null }));
    });
    if (row.next === null) el.append(P.h("span", { text: "complete" }));
    return el;
  }

  P.tables.calculation = {
    render(view, answer, ui) {
      const h = ui.h;
      const founds = h("div", { class: "col" });
      view.calculator.forEach((row) => {
        const name = row.foundation;
        founds.append(h("div", { class: "frow" },
          ui.pile(view.foundations[name], { name, dst: name, fan: "none", label: `foundation ${name}` }),
          calculator(row)));
      });
      const wastes = h("div", { class: "wastes" });
      for (const [name, cards] of Object.entries(view.waste)) {
        wastes.append(ui.pile(cards, { name, dst: name, fan: "down", src: top(name), label: `waste pile ${name}` }));
      }
      const stock = h("div", { class: "stockrow" },
        h("div", {}, h("div", { class: "label", text: "Current card" }),
          ui.pile(view.current ? [view.current] : [], { name: "S", src: () => ({ src: "S" }), empty: "empty", showName: false, label: "stock: current card" })),
        h("div", {}, h("div", { class: "label", text: "Stock" }),
          ui.pile(view.stock_count > 1 ? [null] : [], { count: Math.max(view.stock_count - 1, 0), empty: "", showName: false, label: "stock" })));
      return h("div", { class: "calc" }, founds, wastes, stock);
    },
    status(view) {
      const home = Object.values(view.foundations).reduce((n, p) => n + p.length, 0);
      return `${home} of 52 cards on the foundations · stock: ${view.stock_count} left` + (view.options.classic ? " · classic rules" : "");
    },
  };
})(window.Parlour);
