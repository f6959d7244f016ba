// The shared table layer: the game screen every game uses. A renderer
// (games/*.js) only describes its table as a scene and reads its moves; this
// module draws it to fit the screen, turns clicks, drags and keys into legal
// moves, animates what changed, shows the computer's moves one at a time, and
// ends with the end-of-game panel.
import { h, $, $$, sleep, FAST, focus, stepPace, stepPause, travelTime, TURN_SHOW_MS } from "./dom.js";
import { api } from "./api.js";
import { cardName, cardWords } from "./cards.js";
import { fit, build, CARD_H } from "./scene.js";
import * as motion from "./motion.js";
import { icon } from "./icons.js";
import { rendererFor } from "./games/index.js";
import { sentence, said, seeNames, whoPlays } from "./words.js";
import { dealLabel, endPanel, handPanel } from "./endpanel.js";
import { keysDialog, confirmDialog, colourDialog, choiceDialog } from "./dialogs.js";
import { lineReplay, LINE_KEYS } from "./replay.js";
import * as live from "./live.js";
import { placeClear } from "./clearspot.js";

/** Everything about the game on screen (window.Parlour.game for the tests). */
export const state = {
  active: null, answer: null, view: null, moves: [], renderer: null, selected: null,
  busy: false, thinking: false, unoCall: false, log: [], resize: null, verdict: null,
  hinted: null, between: null, refocus: null, replay: null, lineLog: null, hurry: false, showing: false,
  hinting: null, panelWatch: null,
};
window.Parlour = Object.assign(window.Parlour || {}, { game: state });

let els = {};

// --- the screen ---------------------------------------------------------------------

/**
 * The table of game `id` (`pending`: its answer, when the page has it already). At two
 * people's one table `seat` is the person who has the screen (they asked for their
 * cards); without it the service hands the screen over, and the cover goes up before
 * anything is drawn.
 */
export async function showGame(main, id, pending, seat = null) {
  let answer = pending && pending.id === id ? pending : null;
  if (!answer && seat === null) seat = screenSeat(id); // a reload: whose table it showed
  const asked = seat === null ? "" : `?seat=${encodeURIComponent(seat)}`;
  if (!answer) answer = await api("GET", `/api/games/${encodeURIComponent(id)}${asked}`);
  keepScreen(answer);
  const renderer = rendererFor(answer.game);
  seeNames(answer);
  Object.assign(state, {
    active: id, answer, view: null, moves: [], renderer, selected: null, busy: false,
    thinking: false, unoCall: false, hinted: null, between: null, refocus: null, hurry: false, showing: false,
    hinting: null,
  });
  queued.length = 0;
  state.log = loadLog(answer);
  document.body.classList.add("at-table");
  main.replaceChildren(screen(answer, renderer));
  bindTable(els.scene);
  observeSize();
  // a new game is dealt on the table for the person who sees it: at one table, once
  // the one to move has the screen
  const fresh = (!!pending || seat !== null) && !answer.hand_over &&
    (answer.moves_played || 0) <= (answer.computer_moves || []).length;
  if (answer.hand_over) handOver(answer); // the table is drawn under the cover
  const steps = answer.computer_moves || [];
  if (steps.length) {
    state.busy = true;
    try {
      draw(steps[0].view, answer, { deal: fresh, step: true, counts: countsIn(steps[0]) });
      await (fresh ? linger(FAST ? 20 : 700) : Promise.resolve());
      await showSteps(answer, steps.slice(1));
    } finally {
      state.busy = false;
    }
    afterSteps(answer);
  } else if (fresh) {
    // the deal is shown as any move is: a click meanwhile finishes it, then counts
    state.busy = true;
    try {
      await draw(answer.view, answer, { deal: true });
    } finally {
      state.busy = false;
    }
    if (state.answer === answer && els.scene.isConnected) {
      toolbar(answer, true);
      drawControls(answer.view, answer, true);
    }
  } else {
    draw(answer.view, answer);
  }
  renderLog();
  settleFocus();
  // at one table, the screen just taken: what the other did meanwhile (the service's
  // sentences from this seat's side), until the first move or a tap
  if (answer.meanwhile) say(answer.meanwhile, "meanwhile");
  if (answer.live) live.attach(answer, els.status);
  // what brought this table here unasked (the friend's next game, live.js)
  if (window.Parlour.notice) say(window.Parlour.notice);
  window.Parlour.notice = null;
  // A table opened where nothing is left to choose (closed while its last cards went
  // home, a saved game loaded there) sends them home as after a move, once it has been
  // seen a moment, as Microsoft Solitaire offers its auto-complete as soon as it can.
  if ((answer.finish || []).length) {
    await linger(FAST ? 20 : 600);
    if (!state.busy) await sendHome(answer); // unless a move of the person's went first
  }
}

export function leaveGame() {
  live.detach();
  stopLine();
  state.active = null;
  document.body.classList.remove("at-table");
  if (state.resize) state.resize.disconnect();
  state.resize = null;
}

/** A command's tooltip: the service's label and key ("Undo (U)"), then `why` it is off. */
const toolTitle = (words, why = null) => (words.key ? `${words.label} (${words.key})` : words.label) + (why ? `: ${why}` : "");

/** A toolbar button for one of the table's commands, in the service's words (answer.commands). */
function toolButton(id, iconName, words, onclick) {
  return h("button", { type: "button", id, class: "tool", onclick, title: toolTitle(words), "aria-keyshortcuts": words.key || null },
    icon(iconName), h("span", { class: "tool-text", text: words.label }));
}

function screen(answer, renderer) {
  const who = whoPlays() ? ` ${whoPlays()}` : "";
  const said = answer.commands; // every command's label and key, the terminal table's too
  const bar = h("div", { class: "gamebar" },
    h("a", { class: "home-link", href: "#/", title: "All games" }, icon("home"), h("span", { class: "tool-text", text: said.games.label })),
    h("h1", { class: "game-title", id: "game-title", tabindex: "-1" }, answer.title, h("span", { class: "who", text: who }),
      dealLabel(answer) ? h("span", { class: "deal-kind", id: "deal-kind", text: dealLabel(answer) }) : null),
    // The toolbar's place, which the winning line's bar takes while the line is on
    // the table (drawControls): the same height, so the cards keep their size.
    els.commands = h("div", { class: "commands" }, h("div", { class: "toolbar", role: "toolbar", "aria-label": "Game commands" },
      toolButton("undo", "undo", said.undo, () => command("undo")),
      toolButton("redo", "redo", said.redo, () => command("redo")),
      toolButton("hint", "hint", said.hint, () => askHint()),
      // a friend's game goes on to the next one together, from the end panel
      answer.live ? null : toolButton("newgame", "new", said.new, () => freshDeal()),
      toolButton("resign", "resign", said.resign, () => resign()),
      toolButton("keys", "keys", said.keys, () => showKeys()),
      toolButton("logbutton", "log", said.log, () => toggleLog()),
      h("a", { class: "tool", href: `#/howto/${answer.game}`, title: "How to play" }, icon("rules"), h("span", { class: "tool-text", text: "How to play" })))));
  els.status = h("p", { id: "status", class: "status", "aria-live": "polite", onclick: () => toggleStatus() });
  // The cue of a status cut short, a button for the keyboard too (Enter, Space): drawn
  // (app.css) only while the status is cut, named for what it does.
  els.more = h("button", {
    type: "button", id: "status-more", class: "status-more", "aria-controls": "status", "aria-expanded": "false",
    "aria-label": "more: the whole status line", onclick: () => toggleStatus(),
  }, "more");
  els.scene = h("div", { class: "scene", id: "scene" });
  els.table = h("div", { id: "table", class: `table table-${answer.game}`, role: "region", "aria-label": "card table" }, els.scene);
  // Messages (a hint, why a move is refused) show over the status line, never over
  // the cards; a long one is cut to the line's height: a tap opens it, and the log
  // keeps it whole.
  els.message = h("div", { id: "message", class: "message", role: "status", "aria-live": "polite", onclick: () => openMessage() });
  // A screen reader hears the person's own move here when no step shows it (a patience
  // has none): the status line says only what the turn asks next, the log is not read out.
  els.heard = h("p", { id: "heard", class: "sr-only", "aria-live": "polite" });
  els.panelHost = h("div", { class: "panel-host" });
  els.controls = h("div", { id: "controls", class: "controls", role: "group", "aria-label": `${answer.title} moves` });
  els.log = h("ol", { id: "log", class: "log", "aria-label": "What happened", tabindex: "0" });
  els.typed = h("input", { id: "typed-move", list: "legal-list", autocomplete: "off", spellcheck: "false" });
  els.legal = h("datalist", { id: "legal-list" });
  els.side = h("aside", { id: "side", class: "side", "aria-label": "Game log" },
    h("div", { class: "side-head" }, h("h2", { text: answer.commands.log.label }),
      h("button", { type: "button", class: "tool close-log", onclick: () => toggleLog(false), title: "Close the log" }, icon("close"), h("span", { class: "tool-text", text: "Close" }))),
    els.log,
    // a blank submit takes an old error away; the notation is on the rules page
    h("form", { class: "typed", onsubmit: (ev) => { ev.preventDefault(); const v = els.typed.value.trim(); els.typed.value = ""; if (v) playTyped(v); else say(""); } },
      h("label", { for: "typed-move", text: "Type a move" }), els.typed, els.legal, h("button", { type: "submit", text: "Play" }),
      h("a", { class: "notation", href: `#/rules/${answer.game}`, text: "How moves are written" })));
  els.screen = h("div", { class: `game-screen game-${answer.game}` },
    bar, els.status, els.more, els.message, els.heard,
    h("div", { class: "play-area" }, els.table, els.panelHost),
    els.controls, els.side);
  return els.screen;
}

function observeSize() {
  let pending = false;
  let logShown = false;
  state.resize = new ResizeObserver(() => {
    // A hidden log (a phone's closed drawer, a window too narrow for its column) cannot
    // scroll: it opened at its oldest line, the move just played out of sight below.
    const shown = els.log.clientHeight > 0;
    if (shown && !logShown) els.log.scrollTop = els.log.scrollHeight;
    logShown = shown;
    // Only a real change of size redraws (the first call, at once, would cut the deal short).
    const size = `${els.table.clientWidth}x${els.table.clientHeight}`;
    if (pending || size === state.size) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      if (state.replay) state.replay.redraw();
      else if (state.view && state.answer) draw(state.view, state.answer, { still: true, keepSelection: true });
    });
  });
  state.resize.observe(els.table);
  state.resize.observe(els.log);
}

// --- drawing ----------------------------------------------------------------------------

/**
 * The structured legal moves of a view: the service's `moves` where it fills a
 * field, the renderer's own reading of the move strings for the rest.
 */
function movesOf(view, answer) {
  const parsed = state.renderer.parseMoves(view);
  if (!answer || view !== answer.view || !Array.isArray(answer.moves)) return parsed;
  const sent = new Map(answer.moves.map((m) => [m.move, m]));
  return parsed.map((p) => {
    const s = sent.get(p.move);
    if (!s) return p;
    const merged = { ...p };
    for (const [k, v] of Object.entries(s)) if (v !== null && v !== undefined) merged[k] = v;
    if (s.source === null && s.target === null) Object.assign(merged, { source: p.source, target: p.target, count: p.count });
    return merged;
  });
}

/** The service tells every event in sentences (answers with a `log`). */
const told = (answer) => Array.isArray(answer && answer.log);

function draw(view, answer, opts = {}) {
  if (!els.scene || !els.scene.isConnected) return Promise.resolve();
  if (covered()) {
    clearTable(); // the screen is being handed over: no table behind the cover
    return Promise.resolve();
  }
  const r = state.renderer;
  const final = view === answer.view;
  state.view = view;
  state.moves = final && !opts.step ? movesOf(view, answer) : [];
  const keep = opts.keepSelection ? state.selected : null;
  const hinted = opts.keepSelection ? state.hinted : null;
  state.selected = null;
  state.hinted = null;
  // hurried (a click came while the table moved): the cards go straight to their places
  const before = opts.still || opts.deal || state.hurry ? null : motion.snapshot(els.scene);
  const focused = focusKey(document.activeElement);
  // a button of the end panel keeps the keyboard when the panel is drawn again (a
  // phone turned, the window resized): it went back to the panel's first button
  const onPanel = els.panelHost.contains(document.activeElement) ? document.activeElement.id : "";
  // Status line (the service's sentence: what the turn asks, or the move being
  // shown; then the table's own counts) and controls first: their height is
  // taken from the table's, which the cards are sized to.
  const line = opts.stepText || (final && !opts.step ? answer.status : "") || "";
  if (!state.thinking && !state.between) showStatus(line, countsOf(view, answer, opts.counts));
  drawControls(view, answer, final && !opts.step);
  toolbar(answer, final && !opts.step);
  const pad = 2 * parseFloat(getComputedStyle(els.table).paddingLeft || "0");
  state.size = `${els.table.clientWidth}x${els.table.clientHeight}`;
  const W = els.table.clientWidth - pad;
  const H = els.table.clientHeight - pad;
  const { layout, unit, box } = fit(r.layouts(view), Math.max(W, 100), Math.max(H, 100));
  const scene = r.scene(view, box, layout, unit);
  build(els.scene, scene, unit, { card: decorateCard, slot: decorateSlot, names: answer.piles });
  state.unit = unit;
  decoratePiles();
  restoreFocus(focused);
  if (keep) {
    const el = els.scene.querySelector(`.card[data-source="${CSS.escape(keep.source)}"][data-count="${keep.count}"]`);
    if (el) select(el, { quiet: true });
  }
  if (hinted) markHint(hinted);
  els.legal.replaceChildren(...(state.moves.map((m) => h("option", { value: m.move }))));
  if (!state.between) els.panelHost.replaceChildren();
  const ending = final && !opts.step && !!answer.outcome;
  const moment = opts.cheer || opts.quiet;
  if (ending && !moment) showEnd(answer, onPanel);
  if (opts.deal && !state.hurry) {
    const origin = els.scene.querySelector(`.pile[data-pile="${r.dealFrom}"]`);
    return motion.deal(els.scene, (origin || els.scene).getBoundingClientRect());
  }
  const moved = motion.play(els.scene, before, opts.travel !== undefined ? { duration: opts.travel } : {});
  if (!ending || !moment) return moved;
  const panel = () => {
    if (state.answer === answer && els.scene.isConnected) showEnd(answer, onPanel);
  };
  // A game lost (no move left, resigned, the computer's): the finished table stays
  // still a moment, nothing moving, before the end panel comes over it (it came with
  // the last card, and what was left was never seen); none with less motion asked for.
  if (opts.quiet) return moved.then(() => linger(travelTime(QUIET_MS))).then(panel);
  // A game just won: the last card lands, the foundations' top cards hop one after
  // another, and then the end panel covers the table (it came with the last card, and
  // the finished table was never seen).
  const tops = $$(".pile", els.scene).filter((p) => r.isFoundation(p.dataset.pile)).map(topOf)
    .filter((el) => el && el.classList.contains("card"));
  return moved.then(() => motion.cheer(tops)).then(panel);
}

/** How long a lost game's table stays in view before its end panel, in ms: about as
 * long as a win's cheer takes, with nothing moving. */
const QUIET_MS = 1000;

/** The counts after the status line, in the service's words for this view (a step's,
 * or the answer's own; every game's, a patience's cards on the foundations too): a
 * game's renderer counted them itself, "12 of 52 cards home", where the end panel and
 * the statistics said "on the foundations". */
function countsOf(view, answer, stepCounts) {
  const told = stepCounts !== undefined ? stepCounts : view === answer.view ? countsIn(answer) : null;
  return told && told.wide ? told : null;
}

/** The service's counts of an answer or a step: its words, and the same in fewer
 * words a line each for a narrow screen (app.css shows one or the other). */
const countsIn = (told) => ({ wide: told.counts, narrow: told.counts_narrow });

function showStatus(line, counts) {
  // While the computer's moves are shown one by one, the counts' place says how to
  // skip them (they are back, the counts of the position reached, once they are shown).
  if (state.showing && !state.hurry && !state.between) counts = { wide: skipWords(), narrow: null };
  const narrow = counts && counts.narrow && counts.narrow.length ? counts.narrow : null;
  // On a phone the status keeps its height for the whole game: a line for each of
  // the counts the game can say (the service's count), however many it says now.
  const kept = (state.answer && state.answer.counts_lines) || 0;
  els.screen.style.setProperty("--count-lines", String(Math.max(1, kept, narrow ? narrow.length : 1)));
  const told = !counts ? null : narrow
    ? h("span", { class: "counts" }, h("span", { class: "wide", text: counts.wide }),
        h("span", { class: "narrow" }, narrow.map((text) => h("span", { class: "count-line", text }))))
    : h("span", { class: "counts", text: counts.wide });
  els.status.replaceChildren(h("span", { class: "status-text" },
    ...(line ? readable(line, "say") : []), line && told ? " " : "", told || ""));
  markCut();
}

/**
 * A sentence's elements, its cards as the eye reads them ("7♦ onto F1") in `cls`'s
 * element and, where it names a card, hidden from sight beside it, for a screen reader
 * in words ("7 of diamonds onto F1"), as the person's own move is heard (#heard): the
 * suit symbols were read "black diamond suit" in the status line and the log.
 */
function readable(text, cls) {
  const words = inWords(text);
  const shown = h("span", { class: cls, text });
  if (words === text) return [shown];
  shown.setAttribute("aria-hidden", "true");
  return [shown, h("span", { class: "sr-only", text: words })];
}

/**
 * The status line keeps one height, whatever it says, so the table under it never
 * moves (app.css: on a phone two lines for the sentence and one for each count;
 * wider, the sentence and counts in a fixed number of lines): what is longer is
 * cut, and a tap shows it all (the log keeps every move whole too).
 */
function markCut() {
  const say = els.status.querySelector(".say");
  const text = els.status.querySelector(".status-text");
  const lines = [...els.status.querySelectorAll(".counts, .count-line")];
  const cut = (!!say && say.scrollHeight > say.clientHeight + 1) || lines.some((el) => el.scrollWidth > el.clientWidth + 1)
    || (!!text && text.scrollHeight > text.clientHeight + 1);
  els.status.classList.remove("open");
  els.status.classList.toggle("cut", cut);
  els.status.title = cut ? "Show it all (the log keeps it too)" : "";
  moreSays(false);
}

/** The cue's words and state: "more" (cut), or "close" (the whole status open). */
function moreSays(open) {
  els.more.textContent = open ? "close" : "more";
  els.more.setAttribute("aria-label", open ? "close the whole status line" : "more: the whole status line");
  els.more.setAttribute("aria-expanded", open ? "true" : "false");
}

/** A tap on a status line cut short shows it all over the table, until the next tap. */
function toggleStatus() {
  const open = els.status.querySelector(".status-full");
  if (open) {
    open.remove();
    els.status.classList.remove("open");
    moreSays(false);
  } else if (els.status.classList.contains("cut")) {
    // the counts in full words (not a narrow screen's lines)
    const counts = els.status.querySelector(".counts .wide") || els.status.querySelector(".counts");
    const text = [els.status.querySelector(".say"), counts].filter(Boolean).map((el) => el.textContent).join(" ");
    els.status.append(h("span", { class: "status-full" }, ...readable(text, "status-full-text")));
    els.status.classList.add("open");
    moreSays(true);
  }
}

function decorateCard(el, pile, i) {
  const code = pile.cards[i];
  const grab = pile.grab ? pile.grab(i, pile) : null;
  const where = pile.label || pile.id;
  el.setAttribute("aria-label", code ? `${cardWords(code)}, ${where}` : `face down, ${where}`);
  el.setAttribute("role", "img");
  if (grab && state.moves.some((m) => m.source === grab.source && m.count === grab.count)) {
    el.classList.add("movable");
    el.dataset.source = grab.source;
    el.dataset.count = String(grab.count);
    el.tabIndex = 0;
    el.setAttribute("role", "button");
    // the service's warning of its moves (a wrong Wild Draw Four), read before it is played
    const noted = state.moves.find((m) => m.source === grab.source && m.count === grab.count && m.note);
    // a card with one place to go is played at once (activate), not picked up
    const once = state.renderer.oneClick && new Set(movesFor(grab).map((m) => m.target)).size === 1;
    const label = `${code ? cardWords(code) : "card"}, ${where}: ${once ? "play" : "pick up"}`;
    el.setAttribute("aria-label", noted ? `${label}. ${noted.note}` : label);
    if (noted) el.title = noted.note;
  } else if (pile.browse && code) {
    // A pile a person looks through (a hand): its other cards are reached with the
    // arrow keys (not Tab) and say why they cannot be used now.
    el.dataset.browse = "";
    el.tabIndex = -1;
    el.setAttribute("role", "button");
    el.setAttribute("aria-disabled", "true");
    el.setAttribute("aria-label", `${cardWords(code)}, ${where}: ${pile.browse}`);
  }
}

function decorateSlot(el, pile) {
  el.setAttribute("aria-label", `${pile.label || pile.id}: empty`);
  el.setAttribute("role", "img");
}

/** Piles whose click plays a one-word move (deal, turn, twist, draw). */
function decoratePiles() {
  for (const pileEl of els.scene.querySelectorAll(".pile[data-action]")) {
    const word = pileEl.dataset.action;
    const move = state.moves.find((m) => m.word === word);
    const top = topOf(pileEl);
    if (!move || !top) continue;
    pileEl.classList.add("active");
    top.classList.add("action");
    top.tabIndex = 0;
    top.setAttribute("role", "button");
    top.setAttribute("aria-label", `${controlLabel(word)}: ${pileEl.getAttribute("aria-label")}`);
    top.dataset.word = word;
  }
}

const topOf = (pileEl) => {
  const all = pileEl.querySelectorAll(".card, .slot");
  return all.length ? all[all.length - 1] : null;
};

function controlLabel(word) {
  const c = (state.renderer.controls || []).find((x) => x.word === word);
  return c ? c.label : word.charAt(0).toUpperCase() + word.slice(1);
}

/** The key of a one-word move ("d" for "draw"): the game's, from the service
 * (`answer.move_keys`), the same as the terminal table's and `parlour play`'s; none
 * where the game has no key for it, or not with this table's options. */
function moveKey(answer, word) {
  const k = (answer.move_keys || []).find((x) => x.move === word);
  return k ? k.key : null;
}

function drawControls(view, answer, live) {
  // between two hands of a match no move can be played until the next hand is dealt:
  // the game's buttons are drawn greyed (Draw stayed live: its click did nothing), the
  // panel's "Next hand" is the step on
  if (state.between) live = false;
  const r = state.renderer;
  // A game with buttons of its own (a Deal, a Draw) keeps their row under the table,
  // empty or not, so its cards keep their size as they come and go (at the end, for
  // the winning line); a game without (Calculation) has no row: its cards have the room.
  els.controls.classList.toggle("kept", !!((r.controls && r.controls.length) || r.extraControls));
  // The solver's winning line takes the toolbar's place, whose commands are not for
  // it (put there once: drawn again, it would take the keyboard off its buttons).
  const bar = state.replay ? state.replay.bar : null;
  const shown = els.commands.querySelector(".line-bar");
  if (shown !== bar) {
    if (shown) shown.remove();
    if (bar) els.commands.append(bar);
  }
  els.commands.classList.toggle("lined", !!bar);
  const buttons = [];
  // Once the game is over no move is left to play: none of its controls would act
  // (UNO's Draw stayed, greyed, and its "Call UNO" toggle, pressable, beside it);
  // nor while the solver's line is on the table (the row is kept, empty, as at the end).
  const over = (!!answer.outcome && view === answer.view) || !!bar;
  for (const c of over ? [] : r.controls || []) {
    const move = live ? state.moves.find((m) => m.word === c.word && !m.colour) : null;
    if (!move && !c.always) continue;
    const key = moveKey(answer, c.word);
    buttons.push(h("button", {
      type: "button", class: "control", "data-word": c.word, disabled: !move || state.busy,
      title: key ? `${c.label} (${key.toUpperCase()})` : c.label,
      onclick: () => move && playMove(move),
    }, c.label, key ? h("kbd", { "aria-hidden": "true", text: key.toUpperCase() }) : null));
  }
  const extra = live && !over && r.extraControls ? r.extraControls(view, tableApi) : [];
  els.controls.replaceChildren(...buttons, ...extra);
  els.controls.hidden = !buttons.length && !extra.length;
}

function toolbar(answer, live) {
  const done = !!answer.outcome;
  // between two hands: nothing to undo, hint or resign, and no new deal to start (its
  // click did nothing) until the next hand is on the table; nor a move to type
  const between = !!state.between;
  if (between) live = false;
  if ($("#newgame")) $("#newgame").disabled = between;
  typedBox(answer);
  $("#undo").disabled = !live || !answer.can_undo || state.busy;
  $("#undo").title = toolTitle(answer.commands.undo, answer.can_undo ? null : answer.undo_refusal);
  $("#redo").disabled = !live || !answer.can_redo || state.busy;
  // the service's one hint rule (never against a person), as for undo
  $("#hint").disabled = !live || !answer.can_hint || state.busy;
  $("#hint").title = toolTitle(answer.commands.hint, answer.can_hint ? null : answer.hint_refusal);
  hintButton();
  $("#resign").disabled = !live || (done && answer.final !== false) || state.busy;
}

/** Why no move can be typed now, in a few words (for the box, which is narrow) and
 * whole (on hover), or null when one can. */
function noTyping(answer) {
  if (state.between) return ["Between hands", "Between two hands: no move until the next hand is dealt"];
  if (state.replay) return ["Line on show", "The winning line is on show: no move to type"];
  if (answer.outcome) return ["Game over", "The game is over: no move to type"];
  if (answer.your_turn === false) return ["Not your turn", "Not your turn: no move to type"];
  return null;
}

/**
 * The typed-move box and its Play button, off (and saying why, in the box and on
 * hover) whenever no move can be made: a move typed then only got the service's error.
 */
function typedBox(answer) {
  if (!els.typed) return;
  const why = noTyping(answer);
  const button = els.typed.form && els.typed.form.querySelector("button");
  for (const el of [els.typed, button]) {
    if (!el) continue;
    el.disabled = !!why;
    if (why) el.title = why[1];
    else el.removeAttribute("title");
  }
  els.typed.placeholder = why ? why[0] : "";
}

// Keep the keyboard on the same place when the table is drawn again.
function focusKey(el) {
  if (!el || !el.closest || !el.closest("#scene")) return null;
  const pile = el.closest(".pile");
  return {
    pile: pile && pile.dataset.pile, hand: !!pile && pile.classList.contains("hand"), index: Number(el.dataset.index || 0),
    source: el.dataset.source, word: el.dataset.word, card: el.dataset.card,
  };
}

function restoreFocus(key) {
  if (!key) return;
  let el = null;
  if (key.source) el = els.scene.querySelector(`.card[data-source="${CSS.escape(key.source)}"]`);
  if (!el && key.word) el = els.scene.querySelector(`[data-word="${key.word}"]`);
  if (!el && key.card) el = els.scene.querySelector(`.card[data-card="${CSS.escape(key.card)}"]:is([tabindex="0"], [data-browse])`);
  if (!el && key.pile) el = samePlace(key, false);
  if (!el) el = els.scene.querySelector('[tabindex="0"]');
  focus(el);
}

/** The place Tab reaches nearest to the pile of `key` (its centre to theirs). */
function nearestTo(key) {
  const pileEl = key.pile ? els.scene.querySelector(`.pile[data-pile="${CSS.escape(key.pile)}"]`) : null;
  if (!pileEl) return null;
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
  };
  const [x, y] = centre(pileEl);
  let best = null;
  let bestAt = Infinity;
  for (const el of $$('[tabindex="0"]', els.scene)) {
    const [ex, ey] = centre(el);
    const at = Math.hypot(ex - x, ey - y);
    if (at < bestAt) [best, bestAt] = [el, at];
  }
  return best;
}

/**
 * The card at a place the keyboard was (`key`: its pile and index) once the pile has
 * changed: with `playable`, the first card from there on that can be played (a hand's
 * next playable card), else the last before it; then the card now at that place (a
 * hand's card that cannot be played now is still read there), else the pile's last.
 */
function samePlace(key, playable) {
  let pileEl = key.pile ? els.scene.querySelector(`.pile[data-pile="${CSS.escape(key.pile)}"]`) : null;
  if (!pileEl && key.hand) pileEl = els.scene.querySelector(".pile.hand");
  if (!pileEl) return null;
  const from = (list) => list.find((c) => Number(c.dataset.index) >= key.index) || list[list.length - 1] || null;
  const movable = $$('.card[tabindex="0"]', pileEl);
  return (playable ? from(movable) : null) || from($$('.card:is([tabindex="0"], [data-browse])', pileEl));
}

/**
 * Where the keyboard starts at a table just shown (a new deal, a game opened): where
 * play starts, as a card site puts a keyboard player onto the cards; the title only
 * where nothing can be played yet. It was always the title, which shows no ring: after
 * "New deal" a keyboard player could not see where they were.
 */
function settleFocus() {
  if (document.activeElement === document.body || !document.activeElement) focus(playStart() || $("#game-title"));
}

/** The first place of the table a move starts from: a hand's first card that can be
 * played, else the table's first (the pile order is the renderer's, Calculation's
 * current card first), or a pile's one-word move (deal, turn); null: none now. */
const playStart = () => els.scene.querySelector(".pile.hand .movable") || els.scene.querySelector(".movable, [data-word]");

// --- picking up and putting down ---------------------------------------------------------------

const gesture = (el) => ({ source: el.dataset.source, count: Number(el.dataset.count) });
const movesFor = (g) => state.moves.filter((m) => m.source === g.source && m.count === g.count && m.target !== null);

/** Pile elements a move lights up. */
function pilesFor(move) {
  const ids = state.renderer.targetPiles ? state.renderer.targetPiles(move, state.view) : null;
  if (ids) return ids.map((id) => els.scene.querySelector(`.pile[data-pile="${CSS.escape(id)}"]`)).filter(Boolean);
  return $$(".pile[data-target]", els.scene).filter((p) => p.dataset.target === move.target);
}

function clearSelection() {
  state.selected = null;
  state.hinted = null;
  for (const el of $$(".selected, .lifted, .lit, .hinted", els.scene)) el.classList.remove("selected", "lifted", "lit", "hinted");
  for (const el of $$("[data-lit]", els.scene)) {
    el.removeAttribute("data-lit");
    if (!el.classList.contains("movable") && !el.classList.contains("action") && el.dataset.browse === undefined) {
      el.removeAttribute("tabindex");
      el.setAttribute("role", "img");
    }
    if (el.dataset.label !== undefined) {
      el.setAttribute("aria-label", el.dataset.label);
      delete el.dataset.label;
    }
  }
}

/** The cards a gesture lifts: the grabbed card and those on top of it. */
function liftedCards(el) {
  const pile = el.closest(".pile");
  const from = Number(el.dataset.index);
  return $$(".card", pile).filter((c) => Number(c.dataset.index) >= from);
}

function select(el, opts = {}) {
  clearSelection();
  const g = gesture(el);
  const moves = movesFor(g);
  if (!moves.length) return false;
  state.selected = { ...g, el };
  for (const c of liftedCards(el)) c.classList.add("lifted");
  el.classList.add("selected");
  const names = [];
  for (const m of moves) {
    for (const p of pilesFor(m)) {
      const spot = topOf(p);
      p.classList.add("lit");
      if (!spot || spot.dataset.lit !== undefined) continue;
      spot.dataset.lit = "";
      spot.dataset.label = spot.getAttribute("aria-label") || "";
      spot.tabIndex = 0;
      spot.setAttribute("role", "button");
      spot.setAttribute("aria-label", `Put the ${describe(el)} here: ${p.getAttribute("aria-label")}`);
      names.push(p.dataset.pile);
    }
  }
  if (!opts.quiet) say(`${cap(describe(el))} picked up: ${PUT_BACK[opts.how] || PUT_BACK.key}`);
  return true;
}

/** How to put a picked-up card down again, in the words of the hand that picked it up:
 * a phone has no Escape key (it said "choose where it goes, or Escape." to a tap). */
const PUT_BACK = {
  key: "choose where it goes, or Escape.",
  click: "click where it goes, or click it again to put it back.",
  tap: "tap where it goes, or tap it again to put it back.",
};

/** "tap" or "click": the pointer of a click event (a finger or a pen taps). */
const pointerWord = (ev) => (ev.pointerType === "touch" || ev.pointerType === "pen" ? "tap" : "click");

function describe(el) {
  const code = el.dataset.card;
  const n = Number(el.dataset.count || 1);
  const name = code ? cardName(code) : "card";
  if (n === 2) return `${name} and the card on it`;
  return n > 2 ? `${name} and the ${n - 1} cards on it` : name;
}
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

async function dropOn(pileEl, g, cardEl) {
  const moves = movesFor(g).filter((m) => pilesFor(m).includes(pileEl));
  if (!moves.length) return false;
  const move = moves.length === 1 ? moves[0] : await chooseAmong(moves);
  if (!move) {
    clearSelection();
    return true;
  }
  await playMove(move, { cardEl, pileEl });
  return true;
}

async function chooseAmong(moves) {
  const r = state.renderer;
  if (r.choose) return r.choose(moves, tableApi);
  return moves[0];
}

/** Click, Enter or Space on a place of the table (`opts.late`: a click made while
 * the table moved, played once it is still). */
async function activate(target, opts = {}) {
  if (state.busy || !state.view) return;
  const el = target.closest(".card, .slot");
  const pileEl = target.closest(".pile");
  if (!pileEl) return;
  if (state.selected && pileEl.classList.contains("lit")) {
    await dropOn(pileEl, state.selected, state.selected.el);
    return;
  }
  if (el && el.classList.contains("movable")) {
    if (state.selected && state.selected.el === el) {
      clearSelection();
      say("");
      return;
    }
    const g = gesture(el);
    const moves = movesFor(g);
    const targets = new Set(moves.map((m) => m.target));
    if (state.renderer.oneClick && targets.size === 1) {
      // A card with one place to go (a UNO hand card) goes there at once.
      await dropOn(pilesFor(moves[0])[0], g, el);
      return;
    }
    select(el, { how: opts.how });
    return;
  }
  const word = el && el.dataset.word;
  if (word) {
    const move = state.moves.find((m) => m.word === word);
    if (move) await playMove(move);
    return;
  }
  if (state.selected) {
    const what = describe(state.selected.el);
    const g = { source: state.selected.source, count: state.selected.count };
    clearSelection();
    await explain(what, pileEl, g);
  } else if (el && el.dataset.card && !opts.late) {
    // (a click made while the cards moved, aimed at where one was, is let go quietly)
    say(`The ${cardName(el.dataset.card)} cannot move now.`);
  }
}

/** Why a card cannot go to a pile: the rules' reason, asked of the table service. */
async function explain(what, pileEl, g) {
  const where = pileEl.getAttribute("aria-label") || pileEl.dataset.pile;
  const plain = `The ${what} cannot go to ${where}.`;
  const target = pileEl.dataset.target || pileEl.dataset.pile;
  if (!g || !g.source || !state.answer) return say(plain, "error");
  try {
    const why = await api("POST", `/api/games/${encodeURIComponent(state.answer.id)}/check`, { source: g.source, target });
    say(why.legal ? plain : `${plain} ${why.reason}`, "error");
  } catch (e) {
    say(plain, "error");
  }
}

async function toFoundation(el) {
  if (!el || !el.classList.contains("movable") || state.busy) return;
  const moves = movesFor(gesture(el));
  const home = moves.filter((m) => state.renderer.isFoundation(m.target));
  const pick = home.length ? home : moves.length === 1 ? moves : [];
  if (!pick.length) return;
  const move = pick.length === 1 ? pick[0] : await chooseAmong(pick);
  if (move) await playMove(move, { cardEl: el, pileEl: pilesFor(move)[0] });
}

// --- arrow keys -------------------------------------------------------------------------------

/** What the arrow keys step between: what Tab reaches, and the cards of a pile a
 * game lets a person look through (a hand's cards that cannot be played now). */
const PLACES = '[tabindex="0"], [data-browse]';

/**
 * The place an arrow key goes to from `from`, as the table lies: left and right
 * along its row (a pile beside it, or the next card of a hand fanned across),
 * then on in reading order (a hand's next row); up and down to the nearest place
 * in that direction, its column first. Null: nothing lies that way.
 */
function neighbour(from, all, key) {
  const [dx, dy] = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] }[key];
  const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];
  const band = (el) => (el.closest(".pile") || el).getBoundingClientRect();
  const a = from.getBoundingClientRect();
  const [ax, ay] = centre(a);
  const own = band(from);
  const lined = (r) => (dx ? Math.min(own.bottom, r.bottom) - Math.max(own.top, r.top) : Math.min(own.right, r.right) - Math.max(own.left, r.left)) > 1;
  let inLine = null;
  let near = null;
  for (const el of all) {
    if (el === from) continue;
    const [bx, by] = centre(el.getBoundingClientRect());
    const along = (bx - ax) * dx + (by - ay) * dy;
    if (along < 1) continue;
    const across = Math.abs((bx - ax) * dy) + Math.abs((by - ay) * dx);
    if (lined(band(el)) && (!inLine || along + across < inLine.score)) inLine = { el, score: along + across };
    const score = along + 2 * across;
    if (!near || score < near.score) near = { el, score };
  }
  if (inLine) return inLine.el;
  if (dx) {
    const at = all.indexOf(from);
    return all[(at + dx + all.length) % all.length];
  }
  return near ? near.el : null;
}

function bindTable(root) {
  let suppress = false;
  // A press made while the table moved hurries it, and counts as a click made then:
  // played where the cards land. It was read against the cards in flight (the pile
  // under a card still turning over: the stock clicked, nothing picked up) once the
  // table was still when the button came up; or it was lost, the browser giving no
  // click at all when the table was drawn again under the held button.
  let pressedMoving = false;
  /** The release of such a press, until the browser's click for it comes. */
  let unclicked = null;
  const late = () => {
    const pressed = pressedMoving;
    pressedMoving = false;
    return state.busy || queued.length > 0 || (pressed && hurriable());
  };
  root.addEventListener("pointerup", (ev) => {
    if (ev.button !== 0 || !pressedMoving) return;
    const up = { clientX: ev.clientX, clientY: ev.clientY, pointerType: ev.pointerType };
    unclicked = up;
    // (a click follows its pointerup in the same task, if there is one)
    setTimeout(() => {
      if (unclicked !== up) return;
      unclicked = null;
      if (late()) later(up, "click");
    }, 0);
  });
  root.addEventListener("click", (ev) => {
    unclicked = null;
    if (suppress) {
      suppress = false;
      return;
    }
    if (ev.detail > 1) return;
    if (late()) return later(ev, "click"); // (after those waiting)
    activate(ev.target, { how: pointerWord(ev) });
  });
  root.addEventListener("dblclick", (ev) => {
    if (late()) return later(ev, "dblclick");
    const el = ev.target.closest(".card.movable");
    if (el) toFoundation(el);
  });
  // a table too small for its cards scrolls (app.css, 200% zoom): the keyboard's card in view
  root.addEventListener("focusin", (ev) => {
    const t = els.table;
    if (t.scrollWidth > t.clientWidth + 1 || t.scrollHeight > t.clientHeight + 1) ev.target.scrollIntoView({ block: "nearest", inline: "nearest" });
  });
  root.addEventListener("keydown", (ev) => {
    const el = ev.target.closest && ev.target.closest(".card, .slot");
    if ((ev.key === "Enter" || ev.key === " ") && el) {
      ev.preventDefault();
      activate(el);
    } else if ((ev.key === "f" || ev.key === "F") && el) {
      ev.preventDefault();
      ev.stopPropagation();
      toFoundation(el);
    } else if (ev.key.startsWith("Arrow")) {
      const all = $$(PLACES, root);
      if (!all.length) return;
      const next = all.includes(ev.target) ? neighbour(ev.target, all, ev.key) : all[0];
      if (next) focus(next);
      ev.preventDefault();
    }
  });
  // Drag: the card follows the pointer; a legal drop plays, anything else snaps back.
  root.addEventListener("pointerdown", (ev) => {
    if (ev.button === 0) pressedMoving = state.busy;
    if (ev.button === 0 && state.busy && hurriable()) hurry(); // its click will count
    if (ev.button !== 0 || state.busy) return;
    const el = ev.target.closest(".card.movable");
    if (!el) return;
    const start = { x: ev.clientX, y: ev.clientY };
    const cards = liftedCards(el);
    let dragging = false;
    const move = (e) => {
      const dx = e.clientX - start.x;
      const dy = e.clientY - start.y;
      if (!dragging) {
        if (Math.hypot(dx, dy) < 6) return;
        dragging = true;
        if (!state.selected || state.selected.el !== el) select(el, { quiet: true });
        for (const c of cards) c.classList.add("dragging");
      }
      for (const c of cards) c.style.transform = `translate(${dx}px, ${dy}px)`;
    };
    const up = async (e) => {
      root.removeEventListener("pointermove", move);
      root.removeEventListener("pointerup", up);
      root.removeEventListener("pointercancel", up);
      if (!dragging) return;
      suppress = true;
      setTimeout(() => { suppress = false; }, 0);
      const pileEl = dropTarget(e, cards);
      const g = gesture(el);
      for (const c of cards) c.classList.remove("dragging");
      if (pileEl && pileEl.classList.contains("lit")) {
        await dropOn(pileEl, g, el);
        return;
      }
      const what = describe(el);
      snapBack(cards);
      clearSelection();
      if (pileEl && pileEl !== el.closest(".pile")) await explain(what, pileEl, g);
    };
    root.setPointerCapture && el.setPointerCapture && el.setPointerCapture(ev.pointerId);
    root.addEventListener("pointermove", move);
    root.addEventListener("pointerup", up);
    root.addEventListener("pointercancel", up);
  });
}

// --- clicks while the table moves -------------------------------------------------------------
//
// A move takes a moment: the server's answer, the cards travelling, the computer's
// replies one by one. A click meanwhile is not lost (nor read against the table as it
// was, which refused it: "The 7♦ cannot move now."): it finishes what the table is
// showing at once, as a card table does, and is then played where it landed.

/** Clicks made while the table moved, in order ({x, y, kind}). A fast person on a slow
 * line or device gets many ahead of the table (6 pairs of clicks, a card and its
 * pile, while 3 moves were answered): each is played; only a flurry past this many
 * is let go, and the person told so. */
const queued = [];
const QUEUE_MAX = 32;
let draining = false;
/** What resolves each pause between the moves shown, to cut it short. */
const pauses = new Set();

/** A pause between two moves shown, cut short when the table is hurried. */
function linger(ms) {
  if (state.hurry) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pauses.delete(done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    pauses.add(done);
  });
}

/** Finish what the table is showing: every card at its place, no more pauses, the
 * moves still to show drawn at once (until the clicks made meanwhile are played). */
function hurry() {
  state.hurry = true;
  if (els.scene && els.scene.isConnected) {
    for (const a of els.scene.getAnimations({ subtree: true })) {
      const timing = a.effect && a.effect.getComputedTiming ? a.effect.getComputedTiming() : null;
      if (timing && timing.iterations !== Infinity) a.finish();
    }
  }
  for (const done of [...pauses]) done();
  drain();
}

/** Whether a click now may hurry the table: a game going on (not one over, whose
 * winning line may be on show), not between two hands (a panel waits for the person). */
const hurriable = () => !state.between && !!state.answer && !state.answer.outcome && els.scene.isConnected;

function later(ev, kind) {
  if (!hurriable()) return;
  if (queued.length < QUEUE_MAX) queued.push({ x: ev.clientX, y: ev.clientY, kind, how: pointerWord(ev) });
  else say("Too many clicks ahead of the table: the last ones were let go.", "error");
  hurry();
}

/** Until the table is still (or gone, or waiting between two hands). */
function still() {
  return new Promise((resolve) => {
    const look = () => (state.busy && els.scene.isConnected && !state.between ? setTimeout(look, 16) : resolve());
    look();
  });
}

/** Play the clicks made while the table moved, each on the table as it then lies. */
async function drain() {
  if (draining) return;
  draining = true;
  try {
    for (;;) {
      await still();
      const next = queued.shift();
      if (!next) break;
      const over = !els.scene.isConnected || state.between || !state.answer || state.answer.outcome;
      if (over) {
        queued.length = 0;
        break;
      }
      state.hurry = queued.length > 0; // the last click's move is shown as any other
      const el = document.elementFromPoint(next.x, next.y);
      if (!el || !els.scene.contains(el)) continue;
      if (next.kind === "dblclick") {
        const card = el.closest(".card.movable");
        if (card) await toFoundation(card);
      } else await activate(el, { late: true, how: next.how });
    }
  } finally {
    draining = false;
    state.hurry = false;
  }
}

/** The pile under the dragged card: the one it overlaps most. */
function dropTarget(ev, cards) {
  const r = cards[0].getBoundingClientRect();
  let best = null;
  let bestArea = 0;
  for (const p of $$(".pile", els.scene)) {
    if (p === cards[0].closest(".pile")) continue;
    const q = p.getBoundingClientRect();
    const w = Math.min(r.right, q.right) - Math.max(r.left, q.left);
    const hh = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
    const area = w > 0 && hh > 0 ? w * hh : 0;
    const inside = ev.clientX >= q.left && ev.clientX <= q.right && ev.clientY >= q.top && ev.clientY <= q.bottom;
    const score = area + (inside ? 1e6 : 0);
    if (score > bestArea) {
      bestArea = score;
      best = p;
    }
  }
  return best;
}

function snapBack(cards) {
  const ms = travelTime(200);
  for (const c of cards) {
    const from = c.style.transform;
    c.style.transform = "";
    if (ms > 0 && from) c.animate([{ transform: from }, { transform: "translate(0, 0)" }], { duration: ms, easing: "ease-out" });
  }
}

/** Show the person's own move at once: the cards slide onto the target pile. */
function sendAhead(cardEl, pileEl) {
  if (!cardEl || !pileEl) return;
  const cards = liftedCards(cardEl);
  const spot = topOf(pileEl);
  if (!spot) return;
  const to = spot.getBoundingClientRect();
  const from = cards[0].getBoundingClientRect();
  const fanDown = pileEl.getBoundingClientRect().height > to.height * 1.2 && spot.classList.contains("card");
  const fanRight = pileEl.getBoundingClientRect().width > to.width * 1.2 && spot.classList.contains("card");
  const dx = to.left - from.left + (fanRight ? to.width * 0.3 : 0);
  const dy = to.top - from.top + (fanDown ? to.height * 0.25 : 0);
  const ms = travelTime(180);
  for (const c of cards) {
    c.classList.remove("dragging");
    c.style.zIndex = "600";
    const start = c.style.transform || "translate(0px, 0px)";
    const end = `translate(${dx}px, ${dy}px)`;
    c.style.transform = end;
    if (ms > 0) c.animate([{ transform: start }, { transform: end }], { duration: ms, easing: "ease-out" });
  }
}

// --- talking to the server ---------------------------------------------------------------------

async function send(path, body) {
  state.busy = true;
  const slow = setTimeout(() => thinking(true), FAST ? 0 : 250);
  try {
    return await api("POST", `/api/games/${encodeURIComponent(state.answer.id)}/${path}`, body);
  } finally {
    clearTimeout(slow);
    state.busy = false;
    thinking(false);
  }
}

function thinking(on) {
  state.thinking = on;
  const two = state.answer && state.answer.players === 2;
  els.table.classList.toggle("thinking", on && two);
  if (on) {
    // the service's words: "The computer is thinking…" where it plays a seat, else "Working…"
    els.status.replaceChildren(h("span", { class: "say" }, h("span", { class: "spinner", "aria-hidden": "true" }), state.answer.working.call));
    markCut();
  } else showTurn();
}

/**
 * The status line and the commands for the position on the table, once a request
 * is answered: a hint or a refusal draws no table, and a redraw while the request
 * was out (a new size) left the commands disabled.
 */
function showTurn() {
  const a = state.answer;
  if (!a || !state.view || !els.scene || !els.scene.isConnected) return;
  const final = state.view === a.view;
  if (final) showStatus(a.status || "", countsOf(state.view, a));
  toolbar(a, final);
  drawControls(state.view, a, final);
}

/** Play a structured move; `how` says which card and pile the gesture used. */
export async function playMove(move, how = {}) {
  if (state.busy || !move) return;
  const cardEl = how.cardEl || (move.source != null ? els.scene.querySelector(`.card[data-source="${CSS.escape(move.source)}"][data-count="${move.count}"]`) : null);
  const pileEl = how.pileEl || (move.target != null ? pilesFor(move)[0] : null);
  // The keyboard goes back to this place once the answer is on the table (a card put
  // down where the keyboard cannot stay, to where it was picked up: settleKeyboard).
  state.refocus = focusKey(document.activeElement);
  if (state.refocus && state.selected) state.refocus.from = focusKey(state.selected.el);
  clearSelection();
  sendAhead(cardEl, pileEl);
  say("");
  let answer;
  try {
    answer = await send("moves", { move: move.move });
  } catch (e) {
    draw(state.view, state.answer, { still: true });
    say(e.message, "error");
    return;
  }
  await accept(answer, { mine: true });
  await sendHome(answer);
}

export async function playTyped(text) {
  if (state.busy) return;
  const known = state.moves.find((m) => m.move.toLowerCase() === text.toLowerCase());
  if (known) return playMove(known);
  let answer;
  try {
    answer = await send("moves", { move: text });
  } catch (e) {
    say(e.message, "error");
    return;
  }
  await accept(answer, { mine: true });
  await sendHome(answer);
}

/** How long each card a patience sends home by itself takes to travel, in ms: the
 * most, and the least when many go (a few seconds in all, as a computer's turn is). */
const HOME_MS = 150;
const HOME_MIN_MS = 70;
/** How long a card sent home may wait for the server's answer before the table takes
 * the game back as the server has it (a request that never answers held it for good). */
const HOME_WAIT_MS = FAST ? 1500 : 8000;

/**
 * A patience's last cards, once nothing is left to choose or to find out (the
 * service's `finish`: every card left in view, each going home in turn), go home by
 * themselves after the person's own move, one after another, as Microsoft
 * Solitaire's auto-complete sends them: a person had to move each one (35 of a won
 * Gate's). Each is a move of the game like any other, in the log. The moves are
 * asked for one after another while the cards travel; each card has its moment on a
 * clock, and a screen too slow to draw every one (or a click or a key, which skips
 * ahead as over the computer's moves) draws the latest position, the cards passed
 * going to the log. A request refused, or unanswered after HOME_WAIT_MS, stops the
 * cards; the table then shows the game as the server has it (takeBack) and is the
 * person's again: a card they move home sends the rest, as any move does.
 */
async function sendHome(answer) {
  const line = answer.finish || [];
  const id = answer.id;
  const here = () => els.scene.isConnected && state.active === id;
  if (!line.length || answer.outcome || state.answer !== answer || !here()) return;
  state.busy = true;
  state.showing = true;
  const received = []; // answers not drawn yet, oldest first
  let wake = null;
  let done = false;
  let failed = null;
  (async () => {
    try {
      for (const move of line) {
        if (!here()) break;
        received.push(await api("POST", `/api/games/${encodeURIComponent(id)}/moves`, { move }, { timeout: HOME_WAIT_MS }));
        if (wake) wake();
      }
    } catch (e) {
      failed = e;
    }
    done = true;
    if (wake) wake();
  })();
  const travel = travelTime(Math.max(HOME_MIN_MS, Math.min(HOME_MS, TURN_SHOW_MS / line.length)));
  let last = answer;
  let due = performance.now();
  try {
    for (;;) {
      if (!received.length) {
        if (done) break;
        await new Promise((resolve) => { wake = resolve; });
        wake = null;
        continue;
      }
      const next = received.shift();
      due += travel;
      if (received.length && (state.hurry || performance.now() >= due)) {
        // behind the clock: this card goes to the log only, the next one is drawn
        state.log = state.log.filter((e) => (e.n ?? 0) < (next.log_start || 0)).concat(next.log);
        continue;
      }
      if (!here()) return;
      last = next;
      state.showing = !last.outcome; // nothing left to skip once the game is won
      await acceptNow(last, { mine: true, travel });
    }
  } finally {
    state.busy = false;
    state.showing = false;
  }
  if (!here()) return;
  if (failed) {
    await takeBack(id, last, failed);
    return;
  }
  showTurn(); // the counts back where the skip's words were
  afterSteps(last);
}

/**
 * After a card sent home failed or went unanswered: the game as the server has it
 * (the request cut off may have been played there all the same), drawn, and why the
 * cards stopped; the last answer drawn stays if the server does not answer that either.
 * Either way the table is the person's again.
 */
async function takeBack(id, last, failed) {
  const here = () => els.scene.isConnected && state.active === id;
  let fresh = null;
  state.busy = true;
  try {
    fresh = await api("GET", `/api/games/${encodeURIComponent(id)}`, undefined, { timeout: HOME_WAIT_MS });
  } catch (e) {
    fresh = null;
  } finally {
    state.busy = false;
  }
  if (!here()) return;
  if (fresh) {
    await accept(fresh);
  } else {
    showTurn();
    afterSteps(last);
  }
  // unanswered (status 0), and the game fetched again: what the table now shows, in
  // two lines of a 360-pixel phone's message (a refusal is the service's own words)
  const unanswered = fresh && failed.status === 0;
  say(unanswered ? "The server did not answer: the game is shown as the server has it." : failed.message, "error");
}

/** An answer from the live line (a friend's game): the other's moves as steps. */
export async function receive(answer, opts = {}) {
  if (opts.reset) state.log = [];
  await accept(answer, { message: true });
}

async function accept(answer, opts = {}) {
  state.busy = true;
  try {
    await acceptNow(answer, opts);
  } finally {
    state.busy = false;
  }
  afterSteps(answer);
}

async function acceptNow(answer, opts) {
  // the game ended by this very answer (not one opened over): the table has its
  // moment, a cheer for a win, a quiet one for the rest
  const was = state.answer;
  const ended = !!answer.outcome && !!was && was.id === answer.id && !was.outcome;
  const cheer = ended && answer.result === "won";
  const quiet = ended && !cheer;
  state.answer = answer;
  keepScreen(answer);
  say("");
  hear("");
  seeNames(answer);
  if (told(answer)) {
    // An answer to a command carries the log from entry `log_start` on.
    const start = answer.log_start || 0;
    state.log = state.log.filter((e) => (e.n ?? 0) < start).concat(answer.log);
  }
  const steps = answer.computer_moves || [];
  const mine = !opts.mine || !answer.played ? ""
    : told(answer) ? (answer.log.find((e) => e.who === "you" && e.move === answer.played.move) || {}).text || ""
    : answer.players === 2 ? said("You", answer.played.text) : sentence(answer.played.text);
  if (!told(answer)) {
    if (mine) addLog("you", mine, answer.played.events);
    if (opts.message && answer.message) addLog("you", sentence(answer.message));
  } else if (opts.message && answer.message) {
    say(answer.message);
  }
  // no step of the computer's to show it (a patience's move): read out on its own
  if (mine && !steps.length && !answer.hand_over) hear(mine);
  const played = opts.mine && answer.played && answer.played.view ? answer.played : null;
  const pause = !!played && handEnded(played, answer, !steps.length);
  if (played && (steps.length || pause)) {
    // Your own move first, as it left the table (the hand it ended), then the
    // computer's reply.
    renderLog(steps[0], 1);
    if (pause) await handPause(played, answer);
    else await draw(played.view, answer, { step: true, stepText: played.text, counts: countsIn(played) });
    await linger(Math.min(stepPause(), 300));
  }
  await showSteps(answer, steps, { travel: opts.travel, cheer, quiet });
}

/** A step that ended a hand of a match, the match going on (its end has its own panel). */
const handEnded = (step, answer, last) => !!step.hand_end && !(last && answer.outcome);

/**
 * A hand of a match is over: its end stays in view (who won it, the points, the
 * loser's cards, the running score), the table's cards put away, until the person
 * asks for the next hand. The move that ended the hand dealt the next one (dealing is
 * nobody's choice), so "Next hand" deals it on the table and the moves after go on.
 * At a friend's game each person has the panel and goes on in their own time: the
 * other's moves wait until they do.
 */
async function handPause(step, answer) {
  const hand = step.hand_end;
  const seat = answer.opponent === "human" ? null : answer.seat ?? (answer.view && answer.view.player) ?? 0;
  let next;
  const asked = new Promise((resolve) => { next = resolve; });
  state.between = { next };
  toolbar(answer, false); // nothing to undo, hint, resign or deal until the next hand is on
  drawControls(state.view, answer, false);
  showStatus(hand.before || `${hand.headline}.`, "");
  say("");
  // a hand the person did not win: its sentence ("The computer plays red 5 and goes
  // out.") over their cards a moment, as a lost game's, before the panel hides them
  if (seat === null || hand.winner !== seat) await linger(travelTime(QUIET_MS));
  if (!els.scene.isConnected) return;
  const panel = handPanel(hand, seat, () => next());
  els.table.classList.add("between-hands");
  els.panelHost.replaceChildren(panel);
  focus(panel.querySelector("#next-hand"));
  await asked;
  state.between = null;
  toolbar(answer, false); // (each drawn free again once the next hand's moves are shown)
  els.panelHost.replaceChildren();
  els.table.classList.remove("between-hands");
  if (!els.scene.isConnected) return;
  // at one table the next hand is dealt for whoever has the screen: it is covered first
  if (answer.hand_over) return handOver(answer);
  await draw(step.view, answer, { deal: true, step: true, stepText: hand.after, counts: countsIn(step) });
}

/** What skips the computer's moves being shown: a click (a tap) on the table, a key. */
const skipWords = () => (window.matchMedia && window.matchMedia("(pointer: coarse)").matches
  ? "Tap the table to skip ahead."
  : "Click the table or press a key to skip ahead.");

/**
 * The computer's moves, one at a time, then the position after them. A turn of many
 * moves is shown faster the longer it is (stepPace: a few seconds at most in all);
 * each move has its moment on a clock started with the turn, so the time drawing
 * takes comes out of the pauses rather than adding up (a move whose moment has passed
 * is not drawn at all); a click or a key skips ahead. `last`: how the position after
 * them is drawn (draw's `travel`, `cheer`, `quiet`).
 */
async function showSteps(answer, steps, last = {}) {
  if (steps.length) {
    const was = state.busy;
    state.busy = true;
    state.showing = steps.length > 1;
    const pace = stepPace(steps.length);
    let due = performance.now();
    try {
      for (const [i, step] of steps.entries()) {
        if (!told(answer)) addLog("computer", said("The computer", step.text), step.events);
        if (handEnded(step, answer, i === steps.length - 1)) {
          renderLog(step);
          await handPause(step, answer);
          if (!els.scene.isConnected) return;
          await linger(stepPause());
          due = performance.now();
          continue;
        }
        due += pace.travel + pace.pause;
        // Behind the clock (drawing took longer than its share, a slow phone): this move
        // goes to the log only, the next one drawn (its cards travel from where they lie).
        if (i < steps.length - 1 && performance.now() >= due) continue;
        renderLog(step);
        const text = told(answer) ? step.text : said("The computer", step.text);
        await draw(step.view, answer, { step: true, stepText: text, counts: countsIn(step), travel: pace.travel });
        els.table.classList.add("computer-moved");
        await linger(Math.max(0, due - performance.now()));
        els.table.classList.remove("computer-moved");
      }
    } finally {
      state.busy = was;
      state.showing = false;
    }
  }
  if (!els.scene.isConnected) return;
  await draw(answer.view, answer, last);
  renderLog();
}

/** Once the table shows the answer: the commands free again, where the keyboard goes. */
function afterSteps(answer) {
  if (!els.scene || !els.scene.isConnected || state.answer !== answer) return;
  // The toolbar and controls were drawn while busy: draw them free again.
  toolbar(answer, true);
  drawControls(answer.view, answer, true);
  live.refresh();
  if (answer.hand_over) {
    handOver(answer);
    return;
  }
  if (answer.message && !answer.outcome && !told(answer)) say(sentence(answer.message));
  settleKeyboard(answer);
}

/**
 * Where the keyboard goes once an answer is on the table: at the end of a game, to
 * the end panel's first button; after a move played from a place of the table (a
 * hand's card), back to that place: the next card there that can be played, else the
 * card now at that place (the cards in between were the computer's replies, drawn
 * without any to play); a person on the toolbar or the moves' buttons stays there.
 */
function settleKeyboard(answer) {
  const place = state.refocus;
  state.refocus = null;
  const active = document.activeElement;
  if (answer.outcome) {
    const first = els.panelHost.querySelector(".end-actions button");
    if (first) focus(first);
    return;
  }
  if (els.panelHost.contains(active)) return;
  const elsewhere = active && active !== document.body && !els.scene.contains(active);
  if (elsewhere && active.closest && active.closest(".toolbar, .controls, .side")) return;
  if (place && !(els.scene.contains(active) && active.classList.contains("movable"))) {
    const el = samePlace(place, true) || (place.from && (samePlace(place.from, true) || nearestTo(place.from)));
    if (el) return focus(el);
  }
  if (!els.scene.contains(active)) focus(playStart());
}

/**
 * Two people at one table, the turn passed, or a new game or hand (or a reload, which
 * cannot know who holds the screen): the screen is covered (the other's cards, the
 * log as they were told it) until the next person has it and asks for the table,
 * which is then drawn from their seat.
 */
function handOver(answer) {
  if (document.getElementById("handover")) return; // up already (before the table was drawn)
  const to = answer.hand_over.seat;
  const show = h("button", {
    type: "button", class: "primary", id: "take-over", text: answer.hand_over.show,
    onclick: () => {
      if (state.resize) state.resize.disconnect();
      showGame($("#main"), answer.id, null, to);
    },
  });
  // the mover may take the move back first, where the service's undo rule allows
  const back = answer.can_undo
    ? h("button", { type: "button", id: "take-back", text: answer.hand_over.take_back, onclick: () => {
        cover.remove();
        command("undo");
      } })
    : null;
  const cover = h("section", { class: "handover", id: "handover", role: "dialog", "aria-modal": "true", "aria-labelledby": "handover-text" },
    h("div", { class: "handover-box" }, h("p", { id: "handover-text", text: answer.hand_over.text }), show, back,
      h("p", { class: "links" }, h("a", { href: "#/", text: "All games" }))));
  document.querySelector(".game-screen").append(cover);
  clearTable();
  focus(show);
}

/**
 * At two people's one table the page remembers (for this tab, over a reload) whose
 * table it shows uncovered, and forgets it once the cover goes up. A reload asked for
 * the game without a seat, which the service answers from the mover's side with the
 * cover up: after Player 2 had shown their cards, a reload covered them again and
 * offered Player 2 "Take your move back", Player 1's move. With the seat kept, a
 * reload asks for the same table and draws it as it was; under the cover it asks
 * without one, and the service puts up the same cover (for the mover, who may still
 * take the move back).
 */
const SCREEN_KEY = (id) => `parlour.screen.${id}`;

function screenSeat(id) {
  try {
    const kept = sessionStorage.getItem(SCREEN_KEY(id));
    return kept === null ? null : Number(kept);
  } catch {
    return null;
  }
}

function keepScreen(answer) {
  if (!answer || answer.opponent !== "human") return;
  try {
    if (answer.hand_over || answer.outcome) sessionStorage.removeItem(SCREEN_KEY(answer.id));
    else sessionStorage.setItem(SCREEN_KEY(answer.id), String(answer.seat));
  } catch {
    // no storage (a private window may refuse it): a reload covers the table, as before
  }
}

/** Whether the screen is covered while two people at one table hand it over. */
const covered = () => !!document.getElementById("handover");

/**
 * Under the cover the page keeps nothing of the table it hides: the cards (the
 * mover's hand among them), the log told from the mover's side, the status line and
 * the list of moves typed moves are completed from. The cover only hid them from
 * sight; a screen reader, the page's text or the browser's inspector still had the
 * hand the next person is not to see. "Show … cards" draws the table anew from the
 * next person's seat, and taking the move back draws the mover's again.
 */
function clearTable() {
  for (const el of [els.scene, els.log, els.legal, els.controls, els.heard]) if (el) el.replaceChildren();
  if (els.status) showStatus("", null);
}

/**
 * Undo, redo, a hint, resigning: for the person whose table the screen shows (at two
 * people's one table the service is told the seat, as the terminal tells it; not the
 * player to move, who differs while the screen is handed over).
 */
const forSeat = () => (state.answer && state.answer.opponent === "human" ? { seat: state.answer.seat } : undefined);

async function command(what) {
  if (state.busy) return;
  clearSelection();
  try {
    const answer = await send(what, forSeat());
    await accept(answer, { message: true });
  } catch (e) {
    say(e.message, "error");
  }
}

/**
 * A hint. Its search may take seconds on a busy machine: the table stays usable
 * meanwhile (a move may be played), and the button says it is at work ("Thinking…",
 * aria-busy, a spinner for its icon); a second click says so in words (it was
 * ignored without a word). A hint that comes back once the position has changed (a
 * move or an undo since) is dropped: it was for the position gone. The words are the
 * service's (the answer's ``working``), as the terminal table's.
 */
async function askHint() {
  if (hintPending()) {
    say(state.answer.working.hint_again);
    return;
  }
  if (state.busy || !state.answer.can_hint) return;
  clearSelection();
  const asked = { answer: state.answer };
  state.hinting = asked;
  hintButton();
  let found, failed;
  try {
    found = await api("POST", `/api/games/${encodeURIComponent(state.answer.id)}/hint`, forSeat());
  } catch (e) {
    failed = e;
  }
  const current = state.hinting === asked && state.answer === asked.answer && !state.busy;
  if (state.hinting === asked) state.hinting = null;
  hintButton();
  if (!current) return;
  if (failed) {
    // too many hints asked for at once (429): said calmly, the button free again
    say(failed.message, failed.status === 429 ? "" : "error");
    return;
  }
  // no move leads anywhere: the hint's move is empty, and nothing is lit
  const move = found.move ? state.moves.find((m) => m.move === found.move) : null;
  say(found.text, "hint");
  if (found.stuck) await showStuck();
  if (!move) return;
  const el = markHint(move);
  if (el && move.source != null) focus(el);
}

/** Whether a hint is being worked out for the position on the table. */
const hintPending = () => !!state.hinting && state.hinting.answer === state.answer;

/**
 * The hint button as the hint stands: busy while one is worked out, in the service's
 * words ("Thinking…", its tooltip "Thinking of a hint… (H)"), else "Hint" again.
 */
function hintButton() {
  const button = $("#hint");
  if (!button) return;
  const on = hintPending();
  const was = button.classList.contains("working");
  button.setAttribute("aria-busy", on ? "true" : "false");
  button.classList.toggle("working", on);
  const words = on ? state.answer.working : null;
  const hint = state.answer.commands.hint;
  button.querySelector(".tool-text").textContent = on ? words.hint : hint.label;
  if (on) button.title = toolTitle({ label: words.hint_title, key: hint.key });
  else if (was) button.title = toolTitle(hint);
  if (on && !button.querySelector(".spinner")) button.prepend(h("span", { class: "spinner", "aria-hidden": "true" }));
  if (!on) for (const spin of button.querySelectorAll(".spinner")) spin.remove();
}

/**
 * After a hint found that no move leads anywhere, the game's status says so too
 * (the service keeps the finding until a move or an undo): take the status line of
 * the game as the service now tells it, in its words.
 */
async function showStuck() {
  const id = state.answer.id;
  try {
    const fresh = await api("GET", `/api/games/${encodeURIComponent(id)}`);
    if (state.answer.id !== id || state.busy) return;
    state.answer.status = fresh.status;
    showTurn();
  } catch (e) {
    // the hint has said it already; the status line keeps the turn's words
  }
}

/** Light the hinted move's card and places (again after a redraw); its card. */
function markHint(move) {
  state.hinted = move;
  if (move.source != null) {
    const el = els.scene.querySelector(`.card[data-source="${CSS.escape(move.source)}"][data-count="${move.count}"]`);
    if (el) el.classList.add("hinted");
    for (const p of pilesFor(move)) p.classList.add("hinted");
    return el;
  }
  const el = els.scene.querySelector(`[data-word="${move.word}"]`) || els.controls.querySelector(`[data-word="${move.word}"]`);
  if (el) el.classList.add("hinted");
  return el;
}

async function resign() {
  const a = state.answer;
  if (state.busy || !a || (a.outcome && a.final !== false)) return;
  // the service's words, for this game now: "Resign this deal?" (a patience, in play
  // or lost), "Resign this game?" (a two-player game)
  const words = a.give_up;
  if (!(await confirmDialog(words.question, words.detail, words.label))) return;
  try {
    const answer = await send("resign", forSeat());
    await accept(answer);
  } catch (e) {
    say(e.message, "error");
  }
}

/**
 * The game after this one, as the table makes it for every front end: by default a
 * deal of the same kind (random, winnable, or the deal of the same day), or
 * `how.deal` of another kind, the deal just played again (`how.same`), or the next
 * of a series (`how.series`: the same options, the other player first).
 */
export async function newGame(how = {}) {
  const a = state.answer;
  if (a.live) return live.nextGame();
  try {
    const answer = how.series
      ? await api("POST", `/api/games/${a.id}/next`)
      : await api("POST", `/api/games/${a.id}/again`, how.same ? { same: true } : how.deal ? { deal: how.deal } : {});
    window.Parlour.pending = answer;
    location.hash = `#/game/${answer.id}`;
  } catch (e) {
    say(e.message, "error");
  }
}

/**
 * Whether a person has moved in the game on the table and it is not over: leaving it
 * for a new deal is then asked first (the game is kept: the service leaves it in play,
 * in the front page's Continue list, and it counts in no statistics until finished).
 */
function inPlay() {
  const a = state.answer;
  if (!a || a.outcome) return false;
  return state.log.some((e) => e.move !== undefined && (e.who === "you" || String(e.who).startsWith("player ")));
}

/** "New deal" ("New match", "New game": answer.commands.new): a fresh deal of the same kind; after the deal of the day (one a day), ask which kind. */
export async function freshDeal() {
  // (the solver's line on the table may go)
  if ((state.busy && !state.replay) || document.querySelector("dialog[open]")) return;
  if (inPlay()) {
    const words = state.answer.commands.new;
    const sure = await confirmDialog(words.question, "This game stays in Continue on the front page, to finish later.",
      words.label, { cancel: "Keep playing", keys: true });
    if (!sure) return;
  }
  if (state.answer.deal !== "daily") return newGame();
  const kind = await choiceDialog("A new deal", "There is one deal of the day. Play a random deal, or one the solver has proved winnable?", [["random", "Random deal"], ["winnable", "Winnable deal"]]);
  if (kind) return newGame({ deal: kind });
}

// --- the end of a game ---------------------------------------------------------------------

async function showEnd(answer, keep = "") {
  const panel = endPanel(answer, {
    again: () => newGame(),
    fresh: (deal) => newGame({ deal }),
    replay: () => newGame({ same: true }),
    series: () => newGame({ series: true }),
    decline: () => live.declineNext(),
    undo: () => command("undo"),
    resign: () => resign(),
    verdict: (watch = false) => askVerdict(answer, panel, watch),
    watch: () => watchLine(answer),
    friend: answer.opponent && answer.opponent !== "human" && !answer.live ? () => live.inviteFrom(answer) : null,
  }, lastHand(answer));
  els.panelHost.replaceChildren(panel);
  keepClear(panel);
  if (els.message.classList.contains("error")) say("");
  if (state.verdict && state.verdict.id === answer.id) showVerdict(answer, panel, state.verdict.v);
  // the keyboard on the panel drawn again stays on it, busy or not: on the same button,
  // else the new panel's main one ("Withdraw the offer" after "Offer a rematch"):
  // drawn while the table was busy, the panel left it on the page's body
  const kept = keep ? panel.querySelector(`#${CSS.escape(keep)}`) : null;
  const first = kept || panel.querySelector(".end-actions button");
  if (first && (!state.busy || keep)) focus(first);
}

/**
 * The end panel where it hides least of the finished table (clearspot.js): now, and
 * again whenever its size changes (the solver's verdict added, the panel drawn smaller).
 */
function keepClear(panel) {
  if (state.panelWatch) state.panelWatch.disconnect();
  // the piles a game is done with (a patience's foundations, its renderer's isDone):
  // what the panel may hide first
  const r = state.renderer;
  const home = (id) => (r.isDone || r.isFoundation)(id);
  placeClear(panel, els.panelHost, els.scene, home);
  state.panelWatch = new ResizeObserver(() => {
    if (panel.isConnected) placeClear(panel, els.panelHost, els.scene, home);
  });
  state.panelWatch.observe(panel);
}

/** The hand of a match the answer's last move ended (the match with it), if any. */
function lastHand(answer) {
  const steps = [...(answer.played ? [answer.played] : []), ...(answer.computer_moves || [])];
  const last = steps[steps.length - 1];
  return (last && last.hand_end) || null;
}

/** The solver's verdict on the deal just played (it may think for a while); with
 * `watch` (a deal proved winnable), its winning line on the table straight after. */
async function askVerdict(answer, panel, watch = false) {
  const out = panel.querySelector("#end-verdict");
  const button = panel.querySelector("#ask-verdict");
  out.hidden = false;
  out.replaceChildren(h("span", { class: "spinner", "aria-hidden": "true" }),
    watch ? answer.working.verdict_line : answer.working.verdict);
  if (button) button.disabled = true;
  try {
    const v = await api("GET", `/api/games/${encodeURIComponent(answer.id)}/verdict`);
    state.verdict = { id: answer.id, v };
    showVerdict(answer, panel, v);
    if (watch && v.status === "solved" && v.moves && v.moves.length) await watchLine(answer);
  } catch (e) {
    out.textContent = e.message;
    if (button) button.disabled = false;
  }
}

function showVerdict(answer, panel, v) {
  const out = panel.querySelector("#end-verdict");
  const button = panel.querySelector("#ask-verdict");
  out.hidden = false;
  out.textContent = v.text;
  if (button) button.remove();
  if (v.status === "solved" && v.moves && v.moves.length) {
    out.append(" ", h("button", { type: "button", id: "watch-line", onclick: () => watchLine(answer) }, "Watch a winning line"));
  }
}

/**
 * Replay the solver's winning line on the table under the person's control (see
 * replay.js): its controls take the toolbar's place until they go back to the end
 * of their own game (which the end panel then shows again).
 */
async function watchLine(answer) {
  if (state.busy || state.replay) return;
  let steps;
  try {
    steps = await api("GET", `/api/games/${encodeURIComponent(answer.id)}/verdict/line`);
  } catch (e) {
    say(e.message, "error");
    return;
  }
  if (!steps.length || state.answer !== answer || !els.scene.isConnected || state.busy) return;
  state.busy = true;
  say("");
  state.replay = lineReplay(steps, {
    show: (step, how) => {
      if (state.answer !== answer || !els.scene.isConnected) return Promise.resolve();
      // the log follows the line: its moves up to the one on the table, headed by the
      // deal's "before the solver's first move" (it showed the game's own, "You resign.")
      state.lineLog = steps.slice(0, step.number + 1).map((s) => ({ who: s.number ? "solver" : "table", text: s.text }));
      renderLog();
      return draw(step.view, answer, { step: true, stepText: step.text, counts: countsIn(step), still: how.still, travel: how.travel });
    },
    ended: () => say("That was a winning line for this deal."),
    leave: () => endLine(answer),
    keys: () => showKeys(),
  });
  drawControls(state.view, answer, false); // the bar in place, for the keyboard to go to
  focus(state.replay.bar.querySelector("#line-play"));
  state.replay.start();
}

/** Back from the solver's line to the end of the person's own game, its panel again. */
function endLine(answer) {
  state.replay = null;
  state.lineLog = null;
  renderLog(); // the game's own log again
  state.busy = false;
  if (state.answer !== answer || !els.scene || !els.scene.isConnected) return;
  say("");
  draw(answer.view, answer, { still: true });
  focus(els.panelHost.querySelector("#watch-line"));
}

/** A replay of the line stops with the table it is on (another page, another game). */
function stopLine() {
  if (state.replay) state.replay.stop();
  state.replay = null;
  state.lineLog = null;
}

/** The keys help; the winning line's own keys first while it is on the table. */
function showKeys() {
  keysDialog(state.renderer, state.answer, state.replay ? LINE_KEYS : null);
}

// --- log and messages ----------------------------------------------------------------------

function logKey(answer) {
  return `parlour-log-${answer.id}`;
}

function loadLog(answer) {
  if (told(answer)) return answer.log.slice();
  try {
    return JSON.parse(localStorage.getItem(logKey(answer)) || "[]");
  } catch (e) {
    return [];
  }
}

function addLog(who, text, events = []) {
  if (!text) return;
  state.log.push({ who, text });
  for (const e of events || []) {
    const s = sentence(e);
    if (s && s.toLowerCase() !== text.toLowerCase() && !/^(You|The computer) to move\.$/.test(s)) state.log.push({ who: "table", text: s });
  }
  if (state.log.length > 400) state.log.splice(0, state.log.length - 400);
  try {
    localStorage.setItem(logKey(state.answer), JSON.stringify(state.log));
  } catch (e) {
    /* private browsing: the log lives as long as the page */
  }
}

/** The log, up to the computer's move `upTo` while its moves are shown one by one. */
function renderLog(upTo, extra = 0) {
  if (!els.log || covered()) return;
  // the solver's winning line on the table: its moves so far (watchLine), as the
  // terminal table's log shows them
  let entries = state.replay && state.lineLog ? state.lineLog : state.log;
  if (told(state.answer) && entries === state.log) {
    if (upTo) {
      const steps = state.answer.computer_moves || [];
      const hidden = steps.length - 1 - steps.indexOf(upTo) + extra;
      entries = entries.slice(0, Math.max(0, entries.length - hidden));
    }
  }
  els.log.replaceChildren(...entries.slice(-200).map((e) => h("li", { class: `by-${e.who}` }, ...readable(e.text, "entry"))));
  els.log.scrollTop = els.log.scrollHeight;
}

function toggleLog(open) {
  const side = els.side;
  const now = open === undefined ? !side.classList.contains("open") : open;
  side.classList.toggle("open", now);
  $("#logbutton").setAttribute("aria-expanded", now ? "true" : "false");
  if (now) focus(els.log);
  else focus($("#logbutton"));
}

let messageTimer = null;
/**
 * A message over the status line for a few seconds (`cls`: "error", "hint" or
 * none); a hint is also kept in the log, whole. A refusal is not: the log tells the
 * game, and the refusal (one short sentence) is gone with the next move.
 */
export function say(text, cls = "") {
  if (!els.message) return;
  // its cards in words for a screen reader, as the status line's (readable): "4♠
  // picked up" was read "4 black spade suit picked up"
  els.message.replaceChildren(...(text ? readable(text, "message-text") : []));
  els.message.className = "message" + (cls ? " " + cls : "") + (text ? " shown" : "");
  els.message.title = "";
  clearTimeout(messageTimer);
  if (!text) return;
  if (cls === "hint") note(text, cls);
  const cut = els.message.firstChild.scrollHeight > els.message.firstChild.clientHeight + 1;
  els.message.classList.toggle("cut", cut);
  if (cut) els.message.title = cls === "hint" ? "Show it all (the log keeps it too)" : "Show it all";
  if (cls === "meanwhile") return; // read at the reader's pace: a tap or the next move ends it
  messageTimer = setTimeout(() => els.message.classList.remove("shown", "open"), cls === "error" ? 7000 : 5000);
}

/** A tap on a message cut short shows it all, until the next tap. */
function openMessage() {
  const m = els.message;
  if (!m.classList.contains("shown")) return;
  clearTimeout(messageTimer);
  if (m.classList.contains("open") || !m.classList.contains("cut")) m.classList.remove("shown", "open");
  else m.classList.add("open");
}

/** The person's own move for a screen reader (`#heard`): a new node each time, so the
 * same words twice ("You draw.") are read twice; "" empties it. */
function hear(text) {
  if (els.heard) els.heard.replaceChildren(text ? h("span", { text: inWords(text) }) : "");
}

const SUIT_CODES = { "♣": "C", "♦": "D", "♥": "H", "♠": "S" };
/** A sentence's cards in words, as the cards' own names say them ("A♠": "Ace of spades"). */
const inWords = (text) => text.replace(/\b(10|[2-9AJQK])([♣♦♥♠])/g, (all, r, s) => cardWords((r === "10" ? "T" : r) + SUIT_CODES[s]));

/** A message kept in the log: after the entry it follows, gone when that is undone. */
function note(text, cls) {
  const last = state.log[state.log.length - 1];
  if (last && last.who === cls && last.text === text) return;
  state.log.push({ who: cls, text, n: last ? last.n : 0 });
  renderLog();
}

// --- keys -------------------------------------------------------------------------------------

export function onKey(ev) {
  if (!state.active || !state.answer) return false;
  const tag = (ev.target.tagName || "").toLowerCase();
  if (tag === "input" || tag === "select" || tag === "textarea") return false;
  if (document.querySelector("dialog[open], #handover")) return false;
  if (state.replay && state.replay.key(ev)) return true;
  if (state.between) {
    // Between two hands: Enter (or N) deals the next; the other keys wait.
    if (ev.key === "Enter" || ev.key === "n" || ev.key === "N") {
      state.between.next();
      return true;
    }
    if (ev.key !== "?" && ev.key.toLowerCase() !== "l") return false;
  }
  if (ev.altKey || ev.metaKey) return false;
  // The computer's moves being shown: a key skips ahead, as a click on the table does
  // (the status says so); Tab still moves the focus, ? and L open help and the log.
  if (state.showing && hurriable() && !ev.ctrlKey && !["Tab", "Shift", "Control", "?", "l", "L"].includes(ev.key)) {
    hurry();
    return true;
  }
  if (ev.ctrlKey) {
    if (ev.key === "z") command("undo");
    else if (ev.key === "y") command("redo");
    else return false;
    return true;
  }
  const r = state.renderer;
  if (r.key && r.key(ev, tableApi)) return true;
  const k = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
  // A one-word move's key (the service's, see moveKey) while the game is on: the
  // move its button plays; a drawn Wild, which needs a colour, asks for it. Once the
  // game is over the letter is the table's again (S: a single new game).
  const keyed = state.answer.outcome ? null : (state.answer.move_keys || []).find((x) => x.key === k);
  if (keyed) {
    const moves = state.moves.filter((m) => m.word === keyed.move);
    const plain = moves.find((m) => !m.colour);
    if (plain) playMove(plain);
    else if (moves.length) chooseAmong(moves).then((m) => m && playMove(m));
    return true;
  }
  if (ev.key === "?") showKeys();
  else if (ev.key === "Escape") {
    clearSelection();
    say("");
    if (els.side.classList.contains("open")) toggleLog(false);
  } else if (k === "u") command("undo");
  else if (k === "r") command("redo");
  else if (k === "h") askHint();
  else if (k === "x") resign();
  else if (k === "l") toggleLog();
  else if (k === "n") {
    if (state.answer.live && !state.answer.outcome) return false;
    if (state.answer.series && state.answer.outcome) newGame({ series: true });
    else freshDeal();
  }
  else if (k === "s" && state.answer.series && state.answer.outcome) newGame();
  else return false;
  return true;
}

/** What a renderer may use. */
const tableApi = {
  get moves() {
    return state.moves;
  },
  get unoCall() {
    return state.unoCall;
  },
  set unoCall(v) {
    state.unoCall = v;
  },
  say,
  playMove,
  playTyped,
  chooseColour: (title, colours, note) => colourDialog(title, colours, note),
};

export { CARD_H };
