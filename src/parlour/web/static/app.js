// The front-end shell: routing, the API, and the table interaction every game
// shares. A game's table (static/games/*.js) only draws the position and marks
// elements with data attributes:
//   data-src="W1"   a card that can be picked up (data-count: how many cards
//                   from it to the top, data-full: how many can move at most)
//   data-dst="F2"   a place a picked-up card can go
//   data-move="deal" a click that plays that one-word move
// The shell turns clicks, double-clicks, drags and keys into legal move strings
// (it only ever sends strings from the view's legal_moves, or what the person types).
"use strict";

window.Parlour = window.Parlour || {};

(function (P) {
  P.tables = P.tables || {};
  const $ = (sel, root = document) => root.querySelector(sel);
  const h = (tag, attrs = {}, ...kids) => {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") el.className = v;
      else if (k === "text") el.textContent = v;
      else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
      else el.setAttribute(k, v === true ? "" : v);
    }
    for (const kid of kids.flat()) {
      if (kid === null || kid === undefined || kid === false) continue;
      el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
    }
    return el;
  };
  P.h = h;
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

  // --- API ---------------------------------------------------------------------
  async function api(method, path, body) {
    const opts = { method, headers: {}, credentials: "same-origin" };
    if (body !== undefined) {
      opts.headers["Content-Type"] = "application/json";
      opts.body = JSON.stringify(body);
    }
    const res = await fetch(path, opts);
    let data = null;
    try {
      data = await res.json();
    } catch (e) {
      data = { error: `the server answered ${res.status}` };
    }
    if (!res.ok) throw new Error(data.error || `the server answered ${res.status}`);
    return data;
  }
  P.api = api;

  let catalog = null;
  async function getCatalog() {
    if (!catalog) catalog = (await api("GET", "/api/catalog")).games;
    return catalog;
  }

  // --- routing -----------------------------------------------------------------
  const main = () => $("#main");
  async function route() {
    const hash = location.hash.replace(/^#\/?/, "");
    const [page, arg] = hash.split("/");
    game.active = null;
    try {
      if (page === "game" && arg) await showGame(arg);
      else if (page === "stats") await showStats();
      else if (page === "rules") await showRules(arg);
      else await showHome();
    } catch (e) {
      main().replaceChildren(h("p", { class: "error", role: "alert", text: e.message }),
        h("p", {}, h("a", { href: "#/", text: "Back to the games" })));
    }
    const heading = $("#main h1, #main h2");
    if (heading) heading.setAttribute("tabindex", "-1");
  }

  // --- home: new game and saved games ---------------------------------------------
  const LEVEL_NAMES = { random: "random (easiest)", strong: "strong" };
  async function showHome() {
    const games = await getCatalog();
    const saved = (await api("GET", "/api/games")).games;
    const forms = games.map((g) => {
      const opts = g.options.map((o) => {
        const id = `opt-${g.name}-${o.name}`;
        if (o.type === "bool") {
          return h("label", { class: "opt", for: id },
            h("input", { type: "checkbox", id, name: o.name, checked: o.default ? true : null }),
            ` ${o.name}: ${o.help}`);
        }
        if (o.choices) {
          return h("label", { class: "opt", for: id }, `${o.name} `,
            h("select", { id, name: o.name, "data-int": "1" },
              (o.default === null ? [h("option", { value: "", text: "default" })] : []).concat(
                o.choices.map((c) => h("option", { value: c, selected: c === o.default ? true : null, text: c })))),
            ` ${o.help}`);
        }
        return h("label", { class: "opt", for: id }, `${o.name} `,
          h("input", { type: "number", id, name: o.name, "data-int": "1", min: o.minimum ?? null,
            value: o.default ?? "", placeholder: "default" }), ` ${o.help}`);
      });
      const level = g.levels.length
        ? h("label", { class: "opt" }, "Computer opponent ",
            h("select", { name: "__opponent" },
              g.levels.map((l) => h("option", { value: l, selected: l === g.default_level ? true : null, text: LEVEL_NAMES[l] || l }))))
        : null;
      const form = h("form", { class: "newgame", "data-game": g.name, onsubmit: (ev) => { ev.preventDefault(); startFrom(form, g); } },
        h("h3", {}, g.title),
        h("p", { class: "summary", text: g.summary + (g.players === 2 ? " (you against the computer)" : "") }),
        opts, level,
        h("label", { class: "opt" }, "Deal number ", h("input", { type: "number", name: "__seed", min: 0, placeholder: "random" })),
        h("div", { class: "row" },
          h("button", { type: "submit", class: "primary", text: `Play ${g.title}` }),
          h("a", { href: `#/rules/${g.name}`, text: "Rules" })));
      return form;
    });
    const rows = saved.map((s) => h("tr", {},
      h("td", {}, h("a", { href: `#/game/${s.id}`, text: s.title })),
      h("td", { text: s.opponent ? `vs ${s.opponent}` : "" }),
      h("td", { text: s.moves_played }),
      h("td", { text: s.finished ? s.result : "in play" }),
      h("td", { text: new Date(s.updated * 1000).toLocaleString() })));
    main().replaceChildren(
      h("h1", { text: "parlour: five classic card games" }),
      h("div", { class: "games" }, forms),
      h("h2", { text: "Your games" }),
      saved.length
        ? h("table", { class: "list" }, h("thead", {}, h("tr", {}, ["Game", "Opponent", "Moves", "Result", "Last played"].map((t) => h("th", { text: t })))), h("tbody", {}, rows))
        : h("p", { text: "No games yet: start one above." }));
  }

  async function startFrom(form, g) {
    const options = {};
    for (const el of form.querySelectorAll("input, select")) {
      if (!el.name || el.name.startsWith("__")) continue;
      if (el.type === "checkbox") options[el.name] = el.checked;
      else if (el.value !== "") options[el.name] = el.dataset.int ? Number(el.value) : el.value;
    }
    const body = { game: g.name, options };
    const seed = form.querySelector("[name=__seed]").value;
    if (seed !== "") body.seed = Number(seed);
    const opp = form.querySelector("[name=__opponent]");
    if (opp) body.opponent = opp.value;
    try {
      const answer = await api("POST", "/api/games", body);
      game.pending = answer;
      location.hash = `#/game/${answer.id}`;
    } catch (e) {
      form.querySelector(".row").append(h("span", { class: "error", role: "alert", text: " " + e.message }));
    }
  }

  // --- the game screen ----------------------------------------------------------------
  const game = { active: null, answer: null, selected: null, busy: false, pending: null, log: [] };
  P.game = game;

  async function showGame(id) {
    let answer = game.pending && game.pending.id === id ? game.pending : null;
    game.pending = null;
    if (!answer) answer = await api("GET", `/api/games/${encodeURIComponent(id)}`);
    const table = P.tables[answer.game];
    game.active = id;
    game.selected = null;
    game.log = [];
    const bar = h("div", { class: "toolbar", role: "toolbar", "aria-label": "game commands" },
      h("button", { id: "undo", onclick: () => command("undo"), title: "Undo (U)", text: "Undo" }),
      h("button", { id: "redo", onclick: () => command("redo"), title: "Redo (R)", text: "Redo" }),
      h("button", { id: "hint", onclick: () => askHint(), title: "Hint (H)", text: "Hint" }),
      h("button", { id: "resign", onclick: () => resign(), text: "Resign" }),
      h("button", { id: "newgame", onclick: () => newGame(), title: "New game (N)", text: "New game" }),
      h("a", { href: `#/rules/${answer.game}`, class: "button", text: "Rules" }));
    const moveForm = h("form", { class: "typed", onsubmit: (ev) => { ev.preventDefault(); const inp = $("#typed-move"); const v = inp.value.trim(); if (v) { play(v); inp.value = ""; } } },
      h("label", { for: "typed-move", text: "Type a move: " }),
      h("input", { id: "typed-move", list: "legal-list", autocomplete: "off", placeholder: "e.g. " + ((answer.view.legal_moves || [])[0] || "") }),
      h("datalist", { id: "legal-list" }),
      h("button", { type: "submit", text: "Play" }));
    main().replaceChildren(
      h("div", { class: `game game-${answer.game}` },
        h("h1", { class: "game-title", text: answer.title + (answer.opponent ? ` against the computer (${answer.opponent})` : "") }),
        bar,
        h("div", { id: "status", class: "status", "aria-live": "polite" }),
        h("div", { id: "table", class: `table table-${answer.game}` }),
        h("div", { id: "extra" }),
        moveForm,
        h("div", { id: "message", class: "message", role: "status", "aria-live": "polite" }),
        h("ol", { id: "log", class: "log", "aria-label": "what happened" }),
        h("div", { id: "banner" })));
    bindTable($("#table"), table);
    game.answer = answer;
    draw(answer.view, answer);
    if (answer.computer_moves && answer.computer_moves.length) await showSteps(answer);
  }

  function tableOf() {
    return P.tables[game.answer.game];
  }

  function draw(view, answer) {
    const table = tableOf();
    const el = $("#table");
    if (!el) return;
    game.view = view;
    const focused = focusKey(document.activeElement);
    el.replaceChildren(table.render(view, answer, ui));
    const extra = $("#extra");
    extra.replaceChildren(table.extra ? table.extra(view, answer, ui) : "");
    $("#status").textContent = table.status ? table.status(view, answer) : "";
    decorate(el, view);
    if (focused) {
      const again = [...el.querySelectorAll(`[data-${focused[0]}]`)].filter((x) => x.dataset[focused[0]] === focused[1] && x.tabIndex >= 0);
      if (again.length) again[again.length - 1].focus({ preventScroll: true });
    }
    const list = $("#legal-list");
    list.replaceChildren(...(view.legal_moves || []).map((m) => h("option", { value: m })));
    const done = answer.outcome;
    $("#undo").disabled = !answer.can_undo;
    $("#redo").disabled = !answer.can_redo;
    $("#hint").disabled = !!done || !answer.your_turn;
    $("#resign").disabled = !!done;
    const banner = $("#banner");
    banner.replaceChildren();
    if (done && view === answer.view) banner.append(outcomeBanner(answer));
  }

  // Which place had the keyboard focus, so it keeps it when the table is drawn again.
  function focusKey(el) {
    if (!el || !el.closest || !el.closest("#table")) return null;
    for (const k of ["src", "move", "dst"]) if (el.dataset && el.dataset[k]) return [k, el.dataset[k]];
    return null;
  }

  function outcomeBanner(answer) {
    const o = answer.outcome;
    const result = answer.result;
    const title = result === "won" ? "You won!" : result === "draw" ? "A draw" : result === "resigned" ? "You resigned" : "Game over: you lost";
    const lines = [o.reason];
    if (o.score !== null && o.score !== undefined) lines.push(`score ${o.score}`);
    if (answer.progress !== null && answer.progress !== undefined) lines.push(`${answer.progress} cards on the foundations`);
    if (answer.seed !== undefined) lines.push(`deal number ${answer.seed}`);
    return h("div", { class: `outcome ${result}`, role: "alert" },
      h("h2", { text: title }),
      h("p", { text: lines.join(" · ") }),
      answer.series ? h("p", { text: `Series after game ${answer.series.number}: you ${answer.series.totals[0]}, computer ${answer.series.totals[1]}` }) : null,
      h("div", { class: "row" },
        answer.series ? h("button", { class: "primary", id: "next-in-series", onclick: () => newGame(true), text: "Next game of the series (N)" }) : null,
        h("button", { class: answer.series ? "" : "primary", onclick: () => newGame(), text: answer.series ? "Single new game (S)" : "New game" }),
        answer.can_undo ? h("button", { onclick: () => command("undo"), text: "Undo" }) : null,
        h("a", { href: "#/stats", class: "button", text: "Statistics" }),
        h("a", { href: "#/", class: "button", text: "All games" })));
  }

  // Mark what can be picked up and make every interactive place reachable by keyboard.
  function decorate(root, view) {
    const legal = view.legal_moves || [];
    for (const el of root.querySelectorAll("[data-src]")) {
      const ok = candidates(el).length > 0;
      el.classList.toggle("movable", ok);
      el.draggable = ok;
      el.tabIndex = ok ? 0 : -1;
      if (ok && !el.getAttribute("role")) el.setAttribute("role", "button");
    }
    for (const el of root.querySelectorAll("[data-move]")) {
      const ok = el.dataset.move.split("|").some((m) => legal.includes(m));
      el.classList.toggle("movable", ok);
      el.tabIndex = ok ? 0 : -1;
      if (!el.getAttribute("role")) el.setAttribute("role", "button");
    }
    for (const el of root.querySelectorAll("[data-dst]")) {
      if (!el.hasAttribute("data-src") && !el.hasAttribute("data-move")) el.tabIndex = -1;
    }
  }

  const parts = (m) => m.split(" ");

  // Legal moves that take the card(s) of a data-src element.
  function candidates(el) {
    const src = el.dataset.src;
    const count = el.dataset.count ? Number(el.dataset.count) : null;
    const full = el.dataset.full ? Number(el.dataset.full) : null;
    return (game.view && game.view.legal_moves ? game.view.legal_moves : []).filter((m) => {
      const p = parts(m);
      if (p[0] !== src || p.length < 2) return false;
      if (p.length >= 3 && /^\d+$/.test(p[2])) return count === Number(p[2]);
      return count === null || full === null || count === full;
    });
  }

  function moveTo(srcEl, dst) {
    return candidates(srcEl).find((m) => parts(m)[1] === dst) || null;
  }

  function clearSelection() {
    game.selected = null;
    for (const el of document.querySelectorAll(".selected, .target, .hinted")) el.classList.remove("selected", "target", "hinted");
    for (const el of document.querySelectorAll("#table [data-dst]")) if (!el.hasAttribute("data-src") && !el.hasAttribute("data-move")) el.tabIndex = -1;
  }

  function select(el) {
    clearSelection();
    const moves = candidates(el);
    if (!moves.length) return false;
    game.selected = el;
    el.classList.add("selected");
    const dsts = new Set(moves.map((m) => parts(m)[1]));
    for (const t of document.querySelectorAll("#table [data-dst]")) {
      if (dsts.has(t.dataset.dst)) {
        t.classList.add("target");
        t.tabIndex = 0;
      }
    }
    say(`Picked up ${describeEl(el)}: choose where it goes (${[...dsts].join(", ")}), or Escape.`);
    return true;
  }

  function describeEl(el) {
    const card = el.dataset.card || (el.querySelector("[data-card]:last-child") || {}).dataset?.card;
    return card ? P.cardLabel(card) : el.dataset.src;
  }

  function activate(target) {
    if (game.busy || !game.view) return;
    const srcEl = target.closest("[data-src]");
    const dstEl = target.closest("[data-dst]");
    const moveEl = target.closest("[data-move]");
    if (game.selected && dstEl) {
      const move = moveTo(game.selected, dstEl.dataset.dst);
      if (move) return play(move);
    }
    if (srcEl && srcEl !== game.selected && candidates(srcEl).length) return void select(srcEl);
    if (srcEl && srcEl === game.selected) return void clearSelection();
    if (moveEl) {
      const legal = game.view.legal_moves || [];
      const move = moveEl.dataset.move.split("|").find((m) => legal.includes(m));
      if (move) return play(move);
    }
    if (game.selected) {
      clearSelection();
      say("That card cannot go there.");
    } else if (srcEl) {
      say(`${describeEl(srcEl)} cannot move now.`);
    }
  }

  function toFoundation(target) {
    const srcEl = target.closest("[data-src]");
    if (!srcEl || game.busy) return;
    const isF = tableOf().isFoundation || ((d) => /^F\d*$/.test(d));
    const move = candidates(srcEl).find((m) => isF(parts(m)[1]));
    if (move) play(move);
  }

  function bindTable(root, table) {
    root.addEventListener("click", (ev) => {
      if (ev.detail > 1) return; // the second click of a double-click
      activate(ev.target);
    });
    root.addEventListener("dblclick", (ev) => toFoundation(ev.target));
    root.addEventListener("keydown", (ev) => {
      const interactive = ev.target.closest && ev.target.closest("[data-src], [data-dst], [data-move]");
      if ((ev.key === "Enter" || ev.key === " ") && interactive) {
        ev.preventDefault();
        activate(ev.target);
      } else if (ev.key === "f" || ev.key === "F") {
        toFoundation(ev.target);
      } else if (ev.key.startsWith("Arrow")) {
        // Arrow keys walk the cards and places that can be used now.
        const all = [...root.querySelectorAll("[tabindex='0']")];
        if (!all.length) return;
        const step = ev.key === "ArrowRight" || ev.key === "ArrowDown" ? 1 : -1;
        const at = all.indexOf(ev.target);
        all[(at + step + all.length) % all.length].focus();
        ev.preventDefault();
      }
    });
    root.addEventListener("dragstart", (ev) => {
      const srcEl = ev.target.closest && ev.target.closest("[data-src]");
      if (!srcEl || !select(srcEl)) return ev.preventDefault();
      ev.dataTransfer.setData("text/plain", srcEl.dataset.src);
      ev.dataTransfer.effectAllowed = "move";
    });
    root.addEventListener("dragover", (ev) => {
      const dstEl = ev.target.closest && ev.target.closest("[data-dst]");
      if (dstEl && game.selected && moveTo(game.selected, dstEl.dataset.dst)) ev.preventDefault();
    });
    root.addEventListener("drop", (ev) => {
      ev.preventDefault();
      const dstEl = ev.target.closest && ev.target.closest("[data-dst]");
      if (dstEl && game.selected) {
        const move = moveTo(game.selected, dstEl.dataset.dst);
        if (move) play(move);
      }
    });
  }

  function say(text, cls) {
    const el = $("#message");
    if (!el) return;
    el.textContent = text || "";
    el.className = "message" + (cls ? " " + cls : "");
  }

  function log(text, who) {
    const list = $("#log");
    if (!list || !text) return;
    list.prepend(h("li", { class: who || "", text }));
    while (list.children.length > 30) list.lastChild.remove();
  }

  async function send(path, body) {
    if (game.busy) return null;
    game.busy = true;
    const slow = setTimeout(() => say(game.answer.players === 2 ? "The computer is thinking…" : "Working…"), 400);
    try {
      return await api("POST", `/api/games/${encodeURIComponent(game.answer.id)}/${path}`, body);
    } catch (e) {
      say(e.message, "error");
      return null;
    } finally {
      clearTimeout(slow);
      game.busy = false;
    }
  }

  // "twists 7H" -> "twist 7H": engine phrases are third person ("Computer twists 7H").
  function secondPerson(text) {
    return text.replace(/^(\S+?)(ses|shes|ches|s)\b/, (all, stem, end) => stem + (end === "s" ? "" : end.slice(0, -2)));
  }

  async function play(move) {
    clearSelection();
    const answer = await send("moves", { move });
    if (!answer) return;
    if (answer.played) {
      const mine = answer.players === 2 ? `You ${secondPerson(answer.played.text)}` : answer.played.text;
      log(mine.charAt(0).toUpperCase() + mine.slice(1), "you");
      for (const e of answer.played.events) log(e, "event");
    }
    say("");
    await accept(answer);
  }
  P.play = play;
  P.redraw = () => game.answer && draw(game.view || game.answer.view, game.answer);

  async function accept(answer) {
    game.answer = answer;
    await showSteps(answer);
  }

  // The computer's moves, one at a time, then the position after them.
  async function showSteps(answer) {
    const steps = answer.computer_moves || [];
    if (steps.length) {
      game.busy = true;
      try {
        for (const step of steps) {
          log(`Computer ${step.text}`, "computer");
          for (const e of step.events) log(e, "event");
          say(`Computer ${step.text}`);
          draw(step.view, { ...answer, view: step.view, outcome: null, can_undo: false, can_redo: false, your_turn: false });
          await sleep(P.stepDelay);
        }
      } finally {
        game.busy = false;
      }
    }
    draw(answer.view, answer);
    if (answer.message) say(answer.message);
    const first = document.querySelector("#table .movable");
    if (document.activeElement === document.body && first) first.focus({ preventScroll: true });
  }

  async function command(what) {
    clearSelection();
    const answer = await send(what);
    if (answer) {
      log(answer.message, "you");
      await accept(answer);
    }
  }

  async function askHint() {
    clearSelection();
    const found = await send("hint");
    if (!found) return;
    say(`Hint: ${found.move} (${found.reason})`, "hint");
    const p = parts(found.move);
    for (const el of document.querySelectorAll("#table [data-src], #table [data-move], #table [data-dst]")) {
      if (el.dataset.src === p[0] || (el.dataset.move || "").split("|").includes(found.move) || (p[1] && el.dataset.dst === p[1])) el.classList.add("hinted");
    }
  }

  async function resign() {
    if (!confirm("Resign this game?")) return;
    const answer = await send("resign");
    if (answer) await accept(answer);
  }

  async function newGame(series) {
    const a = game.answer;
    try {
      const body = { game: a.game, options: { ...a.options } };
      if (a.opponent) body.opponent = a.opponent;
      if (series) body.series = a.id;
      delete body.options.first;
      for (const k of Object.keys(body.options)) if (body.options[k] === null) delete body.options[k];
      const answer = await api("POST", "/api/games", body);
      game.pending = answer;
      location.hash = `#/game/${answer.id}`;
    } catch (e) {
      say(e.message, "error");
    }
  }

  // What a table may use.
  const ui = {
    h,
    play,
    say,
    card: (...a) => P.card(...a),
    slot: (...a) => P.slot(...a),
    // A pile of cards: opts.fan "down" | "right" | "none"; opts.src(i, codes) -> attrs for card i.
    pile(codes, opts = {}) {
      const el = h("div", { class: `pile fan-${opts.fan || "none"}` + (opts.cls ? " " + opts.cls : ""), "aria-label": opts.label || opts.name || null });
      if (opts.dst) el.dataset.dst = opts.dst;
      if (opts.move) el.dataset.move = opts.move;
      const shown = opts.fan === "none" && codes.length ? [codes[codes.length - 1]] : codes;
      if (!shown.length) el.append(P.slot(opts.name, opts.empty));
      shown.forEach((code, j) => {
        const i = codes.length - shown.length + j;
        const c = P.card(code);
        const attrs = opts.src ? opts.src(i, codes) : null;
        if (attrs) for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) c.dataset[k] = v;
        el.append(c);
      });
      if (opts.count !== undefined) el.append(h("span", { class: "count", text: opts.count }));
      if (opts.name && opts.showName !== false) el.append(h("span", { class: "pile-name", text: opts.name }));
      return el;
    },
  };
  P.ui = ui;
  // How long each computer move stays on screen (?fast in the address: tests).
  P.stepDelay = /[?&]fast\b/.test(location.search) ? 20 : 550;

  // --- keys --------------------------------------------------------------------------
  document.addEventListener("keydown", (ev) => {
    if (!game.active || !game.answer) return;
    const tag = (ev.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea") return;
    if (ev.altKey || ev.metaKey) return;
    const table = tableOf();
    if (ev.ctrlKey) {
      if (ev.key === "z") command("undo");
      else if (ev.key === "y") command("redo");
      else return;
      ev.preventDefault();
      return;
    }
    if (table.key && table.key(ev, ui, game.view)) {
      ev.preventDefault();
      return;
    }
    const k = ev.key.toLowerCase();
    if (ev.key === "Escape") clearSelection();
    else if (k === "u") command("undo");
    else if (k === "r") command("redo");
    else if (k === "h") askHint();
    else if (k === "n") newGame(!!(game.answer.series && game.answer.outcome));
    else if (k === "s" && game.answer.series && game.answer.outcome) newGame();
    else return;
    ev.preventDefault();
  });

  // --- statistics ----------------------------------------------------------------------
  async function showStats() {
    const stats = await api("GET", "/api/stats");
    const games = await getCatalog();
    const title = (n) => (games.find((g) => g.name === n) || { title: "All games" }).title;
    const pct = (x) => `${Math.round(x * 100)}%`;
    const row = (s) => h("tr", {},
      h("th", { scope: "row", text: title(s.game) }),
      h("td", { text: s.played }), h("td", { text: s.won }), h("td", { text: s.played ? pct(s.win_rate) : "-" }),
      h("td", { text: s.current_streak }), h("td", { text: s.best_streak }),
      h("td", { text: s.best_score ?? (s.best_progress !== null ? `${s.best_progress} cards home` : "-") }));
    main().replaceChildren(
      h("h1", { text: "Your statistics" }),
      h("p", { text: `${stats.total.in_play} game(s) in play. Finished games count below.` }),
      h("table", { class: "list stats" },
        h("thead", {}, h("tr", {}, ["Game", "Played", "Won", "Win rate", "Current streak", "Best streak", "Best score"].map((t) => h("th", { scope: "col", text: t })))),
        h("tbody", {}, stats.games.map(row), row(stats.total))));
  }

  // --- rules pages (a small Markdown reader: headings, lists, tables, emphasis) -----------------
  function inline(text) {
    const esc = text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    return esc
      .replace(/`([^`]+)`/g, "<code>$1</code>")
      .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
      .replace(/\*([^*]+)\*/g, "<em>$1</em>");
  }

  P.markdown = function (md) {
    const out = [];
    const lines = md.split("\n");
    let i = 0;
    while (i < lines.length) {
      const line = lines[i];
      if (/^#{1,4} /.test(line)) {
        const n = line.match(/^#+/)[0].length;
        out.push(`<h${n + 1}>${inline(line.slice(n + 1))}</h${n + 1}>`);
        i++;
      } else if (/^\s*([-*]|\d+\.) /.test(line)) {
        const ordered = /^\s*\d+\. /.test(line);
        const item = ordered ? /^\s*\d+\. / : /^\s*[-*] /;
        const items = [];
        while (i < lines.length && (item.test(lines[i]) || /^\s{2,}\S/.test(lines[i]))) {
          if (item.test(lines[i])) items.push(lines[i].replace(item, ""));
          else items[items.length - 1] += " " + lines[i].trim();
          i++;
        }
        const tag = ordered ? "ol" : "ul";
        out.push(`<${tag}>` + items.map((t) => `<li>${inline(t)}</li>`).join("") + `</${tag}>`);
      } else if (/^\|/.test(line)) {
        const rows = [];
        while (i < lines.length && /^\|/.test(lines[i])) rows.push(lines[i++]);
        const cells = (r) => r.replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
        const body = rows.filter((r) => !/^\|[\s|:-]+\|$/.test(r));
        out.push("<table class='list'><thead><tr>" + cells(body[0]).map((c) => `<th>${inline(c)}</th>`).join("") + "</tr></thead><tbody>" +
          body.slice(1).map((r) => "<tr>" + cells(r).map((c) => `<td>${inline(c)}</td>`).join("") + "</tr>").join("") + "</tbody></table>");
      } else if (/^```/.test(line)) {
        const code = [];
        i++;
        while (i < lines.length && !/^```/.test(lines[i])) code.push(lines[i++]);
        i++;
        out.push(`<pre>${inline(code.join("\n"))}</pre>`);
      } else if (line.trim() === "") {
        i++;
      } else {
        const para = [];
        while (i < lines.length && lines[i].trim() !== "" && !/^(#|\||\s*[-*] |\s*\d+\. |```)/.test(lines[i])) para.push(lines[i++]);
        out.push(`<p>${inline(para.join(" "))}</p>`);
      }
    }
    return out.join("\n");
  };

  async function showRules(name) {
    const games = await getCatalog();
    if (!name) name = games[0].name;
    const page = await api("GET", `/api/rules/${encodeURIComponent(name)}`);
    const art = h("article", { class: "rules" });
    art.innerHTML = P.markdown(page.markdown);
    const nav = h("nav", { class: "rules-nav", "aria-label": "rules of each game" },
      games.map((g) => h("a", { href: `#/rules/${g.name}`, "aria-current": g.name === name ? "page" : null, text: g.title })));
    main().replaceChildren(nav, art);
    const first = art.querySelector("h2");
    if (first) first.outerHTML = `<h1>${first.innerHTML}</h1>`;
  }

  window.addEventListener("hashchange", route);
  window.addEventListener("DOMContentLoaded", route);
})(window.Parlour);
