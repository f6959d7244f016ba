// Dialogs over the table, on the native <dialog> element (focus kept inside,
// Escape closes, the page behind is inert): keys help, confirmations, a choice
// between a few answers, the UNO colour chooser.
import { h, focus } from "./dom.js";
import { colourMark, UNO_WORDS } from "./cards.js";
import { whose, across } from "./words.js";
import { newLabel } from "./endpanel.js";

function open(dialog, onClose) {
  document.body.append(dialog);
  dialog.addEventListener("close", () => {
    dialog.remove();
    onClose(dialog.returnValue);
  });
  dialog.showModal();
}

const COMMON_KEYS = [
  ["Tab / Shift+Tab", "go from card to card in reading order"],
  ["Enter or Space", "pick up the card, or put it down on the lit place"],
  ["Arrow keys", () => `go from card to card as they lie on the table (every card of ${whose(1 - across())} hand)`],
  ["F", "send the focused card to its foundation (also a double-click)"],
  ["Escape", "put the card back down; close a dialog"],
  ["U or Ctrl+Z", "undo"],
  ["R or Ctrl+Y", "redo"],
  ["H", "hint", "hint"],
  // resigning in the service's words for this game: "resign this deal", "resign this game"
  ["X", (answer) => (answer && answer.give_up ? answer.give_up.action.toLowerCase() : "resign")],
  // what N starts is the toolbar's button's, in its words: a match, a game, a deal
  ["N", (answer) => `${newLabel(answer || {})} with the same options`
    + (answer && answer.series ? " (the next game of the series once one is over)" : "")],
  ["L", "show or hide the log"],
  ["?", "these keys"],
];

/**
 * The keys help: the game's own keys, then the common ones that work at this table:
 * H only while the service offers a hint (the answer's `can_hint`; never to two
 * people at one table or against a friend, where H does nothing). `line`: the keys of
 * the solver's winning line, while it is replayed on the table.
 */
export function keysDialog(renderer, answer, line = null) {
  const before = document.activeElement;
  // A description may be a function: words that name the reader's seat, as the
  // service does ("your hand", "Player 1's hand" at one table).
  const rows = (list) => list.map(([k, d]) => h("tr", {}, h("th", { scope: "row" }, h("kbd", { text: k })),
    h("td", { text: typeof d === "function" ? d(answer) : d })));
  const offered = { hint: Boolean(answer && answer.can_hint) };
  const common = COMMON_KEYS.filter(([, , needs]) => !needs || offered[needs]);
  // A game's own keys: a list, or a function giving it (words that name the players)
  const keys = typeof renderer.keys === "function" ? renderer.keys() : renderer.keys || [];
  const own = [...moveKeyRows(answer, keys), ...keys.filter((k) => !k.move).map((k) => [k.key, k.does])];
  const dialog = h("dialog", { class: "dialog keys", "aria-labelledby": "keys-title" },
    h("h2", { id: "keys-title", text: "Keys" }),
    line ? h("table", { class: "keys-table" }, h("caption", { text: "The winning line" }), h("tbody", {}, rows(line))) : null,
    own.length ? h("table", { class: "keys-table" }, h("caption", { text: "This game" }), h("tbody", {}, rows(own))) : null,
    h("table", { class: "keys-table" }, h("caption", { text: "Every game" }), h("tbody", {}, rows(common))),
    h("p", {}, "You can also type a move in the notation of the rules page, in the log panel."),
    h("form", { method: "dialog" }, h("button", { class: "primary", value: "ok", text: "Close" })));
  open(dialog, () => focus(before));
}

/**
 * The keys of the game's one-word moves as the service gives them (`answer.move_keys`:
 * the game declares each once, for the terminal table and `parlour play` too), only
 * those its options have, in its order; what each does in the renderer's fuller words
 * where it has them (`{ move, does }` in its `keys`), else the service's label.
 */
function moveKeyRows(answer, keys) {
  const does = Object.fromEntries(keys.filter((k) => k.move).map((k) => [k.move, k.does]));
  return ((answer && answer.move_keys) || []).map((k) => [k.key.toUpperCase(), does[k.move] || k.label]);
}

/**
 * A yes-or-no question; resolves true for yes. `opts.cancel`: the no button's words
 * ("Cancel"); `opts.keys`: the terminal table's keys too, Enter or Y for yes (the yes
 * button has the focus), N or Escape for no. Without it the focus is on the no button.
 */
export function confirmDialog(title, text, ok, opts = {}) {
  const before = document.activeElement;
  const keys = !!opts.keys;
  const hint = (k) => (keys ? h("kbd", { "aria-hidden": "true", text: k }) : null);
  return new Promise((resolve) => {
    const dialog = h("dialog", { class: "dialog confirm", id: "confirm", "aria-labelledby": "confirm-title" },
      h("h2", { id: "confirm-title", text: title }),
      text ? h("p", { text }) : null,
      h("form", { method: "dialog", class: "row" },
        h("button", { class: "primary", id: "confirm-yes", value: "yes", autofocus: keys ? true : null, "aria-keyshortcuts": keys ? "Y" : null }, ok, hint("Y")),
        h("button", { value: "no", id: "confirm-no", autofocus: keys ? null : true, "aria-keyshortcuts": keys ? "N" : null }, opts.cancel || "Cancel", hint("N"))));
    if (keys) {
      dialog.addEventListener("keydown", (ev) => {
        if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
        const k = ev.key.toLowerCase();
        if (k !== "y" && k !== "n") return;
        ev.preventDefault();
        ev.stopPropagation(); // the table's keys would read it once the dialog is closed (N: ask again)
        dialog.close(k === "y" ? "yes" : "no");
      });
    }
    open(dialog, (value) => {
      focus(before);
      resolve(value === "yes");
    });
  });
}

/** Ask which of `choices` ([value, label] pairs); resolves to a value or null (cancelled). */
export function choiceDialog(title, text, choices) {
  const before = document.activeElement;
  return new Promise((resolve) => {
    const dialog = h("dialog", { class: "dialog", id: "choice", "aria-labelledby": "choice-title" },
      h("h2", { id: "choice-title", text: title }),
      text ? h("p", { text }) : null,
      h("form", { method: "dialog", class: "row" },
        choices.map(([value, label], i) => h("button", { class: i === 0 ? "primary" : "", value, text: label })),
        h("button", { value: "", text: "Cancel" })));
    open(dialog, (value) => {
      focus(before);
      resolve(value || null);
    });
  });
}

/**
 * Ask for a UNO colour; resolves to "R", "Y", "G", "B" or null (cancelled). The arrow
 * keys go round the grid as it lies (only Tab did: the right arrow did nothing), and
 * a colour's first letter (R, Y, G, B) names it at once. `note`: the service's warning
 * of the move (a wrong Wild Draw Four), read under the title before a colour is named
 * (the dialog's description); Cancel plays nothing.
 */
export function colourDialog(title, colours, note = "") {
  const before = document.activeElement;
  return new Promise((resolve) => {
    const buttons = colours.map((c) => h("button", {
      class: `colour-button uno-${c}`, value: c, "aria-keyshortcuts": UNO_WORDS[c].charAt(0).toUpperCase(),
    }, colourMark(c, 22), h("span", { text: UNO_WORDS[c] }), h("kbd", { "aria-hidden": "true", text: UNO_WORDS[c].charAt(0).toUpperCase() })));
    const grid = h("div", { class: "colour-grid" }, buttons);
    const dialog = h("dialog", { class: "dialog colours", "aria-labelledby": "colour-title", "aria-describedby": note ? "colour-note" : null },
      h("h2", { id: "colour-title", text: title }),
      note ? h("p", { id: "colour-note", class: "note", text: note }) : null,
      h("form", { method: "dialog" }, grid,
        h("div", { class: "row" }, h("button", { value: "", class: "cancel", text: "Cancel" }))));
    dialog.addEventListener("keydown", (ev) => {
      if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
      const named = colours.find((c) => UNO_WORDS[c].charAt(0).toLowerCase() === ev.key.toLowerCase());
      if (named) {
        ev.preventDefault();
        ev.stopPropagation(); // the table's own keys (R: redo) once the dialog is closed
        dialog.close(named);
        return;
      }
      const at = buttons.indexOf(document.activeElement);
      const step = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: "row", ArrowUp: "-row" }[ev.key];
      if (at < 0 || step === undefined) return;
      ev.preventDefault();
      const across = getComputedStyle(grid).gridTemplateColumns.split(" ").filter(Boolean).length || 1;
      const by = step === "row" ? across : step === "-row" ? -across : step;
      focus(buttons[(at + by + buttons.length) % buttons.length]);
    });
    open(dialog, (value) => {
      focus(before);
      resolve(value || null);
    });
  });
}
