// The front page: unfinished games first (Continue), each game as a card with a
// drawing of its table, its options in words, and the history of finished games.
import { h, $ } from "../dom.js";
import { api, getCatalog, hasRoute } from "../api.js";
import { optionLabel, optionChoices, levelLabel, levelName } from "../words.js";
import { thumbnail } from "../thumbnail.js";
import { samples } from "../samples.js";
import { friendButton } from "../live.js";

const when = (t) => new Date(t * 1000).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });

/**
 * When a game finished, for the history's last column: the date and time in full, and
 * a short form a phone shows instead (app.css), the day and time of this year's games
 * ("Nov 27, 10:31 AM"), the date alone of an older one ("Nov 27, 2025"): the full form
 * took three lines of a column at 360 px. The full one is the tooltip too.
 */
function finishedAt(t) {
  const date = new Date(t * 1000);
  const thisYear = date.getFullYear() === new Date().getFullYear();
  const short = thisYear
    ? date.toLocaleString([], { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" })
    : date.toLocaleDateString([], { dateStyle: "medium" });
  return h("time", { datetime: date.toISOString(), title: when(t) },
    h("span", { class: "when-full", text: when(t) }), h("span", { class: "when-short", text: short }));
}
/**
 * The deal number of a finished game, for the history: a phone shows it under the
 * game's name, named ("Deal 6725055573719140"), cut with an ellipsis if it is longer
 * than the line (a seed typed in may be); its whole number is in the tooltip and,
 * as the cell's words are all there, read out whole.
 */
function dealCell(seed) {
  if (seed === null || seed === undefined) return h("td", { class: "deal" });
  return h("td", { class: "deal", title: `Deal ${seed}` },
    h("span", { class: "cell-label", text: "Deal " }), String(seed));
}
const endStop = (s) => (/[.!?]$/.test(s) ? s : s + ".");

export async function showHome(main) {
  const [games, saved] = await Promise.all([getCatalog(), api("GET", "/api/games").then((d) => d.games)]);
  const titles = Object.fromEntries(games.map((g) => [g.name, g.title]));
  const playing = saved.filter((s) => !s.finished).sort((a, b) => b.updated - a.updated);
  const finished = saved.filter((s) => s.finished).sort((a, b) => b.updated - a.updated);
  const cont = playing.length
    ? h("section", { class: "continue", "aria-labelledby": "continue-title" },
        h("h2", { id: "continue-title", text: "Continue" }),
        h("ul", { class: "continue-list" }, playing.slice(0, 8).map((s) => continueEntry(s))))
    : null;
  const cards = games.map((g) => gameCard(g));
  const clearable = finished.length ? await hasRoute("DELETE", "/api/games") : false;
  const history = h("section", { class: "history", "aria-labelledby": "history-title" },
    h("h2", { id: "history-title", text: "Finished games" }),
    finished.length
      ? h("div", { class: "scroll-x", tabindex: "0", role: "region", "aria-label": "Table of finished games" },
          // on a phone each game is a block of two or three lines (app.css, 430 px): its
          // five columns scrolled sideways at 360 px (a random deal's number has 16
          // digits) and a two-player score ("22 to the computer") took two lines
          h("table", { class: "list history-list" },
            h("thead", {}, h("tr", {}, ["Game", "Result", "Score", "Deal", "Finished"].map((t) => h("th", { scope: "col", text: t })))),
            h("tbody", {}, finished.slice(0, 50).map((s) => h("tr", {},
              h("td", { class: "game" }, h("a", { href: `#/game/${s.id}`, text: titles[s.game] || s.title })),
              // at one table the winner is named ("Player 2 won"): no "you" to colour for
              h("td", { class: s.opponent === "human" ? "result" : `result ${s.result}`, text: s.result_text || s.result }),
              h("td", { class: "score", text: s.score_text || "" }),
              dealCell(s.seed),
              h("td", { class: "when" }, finishedAt(s.updated))))))) : h("p", { text: "No finished games yet." }),
    clearable ? h("button", { type: "button", id: "clear-history", onclick: clearHistory, text: "Clear the history" }) : null);
  main.replaceChildren(h("div", { class: "home page-wrap" },
    h("h1", { text: "Five classic card games" }),
    h("p", { class: "lead", text: "Three patiences, and two games to play against the computer or another person, with hints, undo and statistics." }),
    cont,
    h("section", { "aria-labelledby": "games-title" }, h("h2", { id: "games-title", class: "sr-only", text: "Games" }),
      h("div", { class: "games" }, cards)),
    history));
}

/**
 * One game of the Continue list, told apart from the others in the table service's
 * words: the deal (never a seed the person may not see), who plays, the moves made,
 * how far it has got, and when it was last played (the exact time on hover).
 */
function continueEntry(s) {
  const deal = [s.deal_text, s.who_plays].filter(Boolean).join(", ");
  const facts = [s.moves_text, s.progress_text].filter(Boolean);
  const said = [deal, ...facts, `last played ${s.played_text}`].join(", ");
  return h("li", {},
    h("a", { class: "button primary continue-game", href: `#/game/${s.id}`, title: when(s.updated), "aria-label": `Continue ${s.title}: ${said}` },
      h("strong", { text: s.title }),
      h("span", { class: "continue-deal", text: deal }),
      h("span", { class: "continue-facts", text: facts.join(" · ") }),
      h("span", { class: "continue-when", text: cap(s.played_text) })));
}

const cap = (t) => t.charAt(0).toUpperCase() + t.slice(1);

function gameCard(g) {
  const id = (o) => `opt-${g.name}-${o.name}`;
  // Each option shows its label only (the catalogue's help is the terminal's).
  const fields = g.options.map((o) => {
    if (o.type === "bool") {
      return h("div", { class: "opt check" },
        h("input", { type: "checkbox", id: id(o), name: o.name, checked: o.default ? true : null }),
        h("label", { for: id(o), text: optionLabel(o) }));
    }
    if (o.choices) {
      return h("div", { class: "opt" },
        h("label", { for: id(o), text: optionLabel(o) }),
        h("select", { id: id(o), name: o.name, "data-int": "1" },
          optionChoices(o).map((c) => h("option", { value: c.value ?? "", selected: c.value === o.default || (o.default === null && c.value === "") ? true : null, text: c.label }))));
    }
    return h("div", { class: "opt" },
      h("label", { for: id(o), text: optionLabel(o) }),
      h("input", { type: "number", id: id(o), name: o.name, "data-int": "1", min: o.minimum ?? null, value: o.default ?? "", inputmode: "numeric" }));
  });
  const levels = g.level_labels || g.levels || [];
  const level = levels.length
    ? h("div", { class: "opt" },
        h("label", { for: `level-${g.name}`, text: "Computer" }),
        h("select", { id: `level-${g.name}`, name: "__opponent" },
          levels.map((l) => h("option", { value: levelName(l), selected: levelName(l) === g.default_level ? true : null, text: levelLabel(l) }))))
    : null;
  // A text box, not type=number: the browser would refuse "-3" in its own bubble and
  // words, and read "abc" as empty (a random deal); the service says what it takes,
  // in the words every front end uses, here under the box.
  const seed = h("div", { class: "opt seed" },
    h("label", { for: `seed-${g.name}`, text: "Deal number" }),
    h("input", { type: "text", id: `seed-${g.name}`, name: "__seed", placeholder: "random", inputmode: "numeric", autocomplete: "off", spellcheck: "false", "aria-describedby": `seed-error-${g.name}` }),
    h("p", { class: "error field-error", id: `seed-error-${g.name}`, "aria-live": "polite" }));
  const deals = g.deals || [];
  const winnable = deals.includes("winnable")
    ? h("div", { class: "opt check" },
        h("input", { type: "checkbox", id: `winnable-${g.name}`, name: "__winnable" }),
        h("label", { for: `winnable-${g.name}`, text: "Winnable deals only" }))
    : null;
  const daily = deals.includes("daily")
    ? h("button", { type: "button", class: "daily", onclick: () => start(form, g, err, "daily"), text: "Deal of the day" })
    : null;
  const err = h("p", { class: "error", role: "alert" });
  // the opponents that are people, as the catalogue offers them (a two-player game's)
  const people = Object.fromEntries((g.people || []).map((p) => [p.name, p.label]));
  const form = h("form", { class: "newgame", "data-game": g.name, "aria-label": `New game of ${g.title}`, onsubmit: (ev) => { ev.preventDefault(); start(form, g, err); } },
    fields, level, winnable, h("details", { class: "more" }, h("summary", { text: "Deal number" }), seed),
    h("div", { class: "row" },
      h("button", { type: "submit", class: "primary", text: `Play ${g.title}` }),
      people.friend ? friendButton(g, people.friend, () => optionsOf(form), err) : null,
      people.human
        ? h("button", { type: "button", class: "one-table", "data-one-table": g.name, onclick: () => start(form, g, err, null, "human"), text: people.human })
        : null,
      daily),
    // the links on a line of their own under the buttons, on every card alike (beside
    // two-player games' three buttons they wrapped one by one)
    h("p", { class: "row card-links" },
      h("a", { href: `#/howto/${g.name}`, text: "How to play" }),
      h("a", { href: `#/rules/${g.name}`, text: "Rules" })),
    err);
  const players = g.players === 2 ? twoPlayers(people) : "One player.";
  return h("article", { class: "game-card", "aria-labelledby": `title-${g.name}` },
    samples[g.name] ? thumbnail(g.name, samples[g.name]) : null,
    h("h3", { id: `title-${g.name}`, text: g.title }),
    h("p", { class: "summary", text: `${endStop(g.summary)} ${players}` }),
    form);
}

/** Who a two-player game is played with, from the opponents the catalogue offers. */
function twoPlayers(people) {
  const others = ["the computer"];
  if (people.friend) others.push("a friend online");
  if (people.human) others.push("someone at the same screen");
  const last = others.pop();
  return `Two players: you against ${others.length ? `${others.join(", ")} or ${last}` : last}.`;
}

function optionsOf(form) {
  const options = {};
  for (const el of form.querySelectorAll("input, select")) {
    if (!el.name || el.name.startsWith("__")) continue;
    if (el.type === "checkbox") options[el.name] = el.checked;
    else if (el.value !== "") options[el.name] = el.dataset.int ? Number(el.value) : el.value;
  }
  return options;
}

/** A new game from the form: against the computer level chosen, or `opponent`
 * ("human": two people at one table). */
async function start(form, g, err, deal = null, opponent = null) {
  const options = optionsOf(form);
  const body = { game: g.name, options };
  const seed = form.querySelector("[name=__seed]").value;
  const winnable = form.querySelector("[name=__winnable]");
  if (deal) body.deal = deal;
  else if (seed !== "") {
    // Number() would round a longer number to another deal's: anything but a whole
    // number a browser holds goes as typed, and the service says what it takes.
    const whole = /^\s*-?\d+\s*$/.test(seed) && Number.isSafeInteger(Number(seed));
    body.seed = whole ? Number(seed) : seed;
  }
  else if (winnable && winnable.checked) body.deal = "winnable";
  const opp = form.querySelector("[name=__opponent]");
  if (opponent) body.opponent = opponent;
  else if (opp) body.opponent = opp.value;
  const seedBox = form.querySelector("[name=__seed]");
  const seedError = form.querySelector(".seed .field-error");
  err.textContent = seedError.textContent = "";
  seedBox.removeAttribute("aria-invalid");
  try {
    const answer = await api("POST", "/api/games", body);
    window.Parlour.pending = answer;
    location.hash = `#/game/${answer.id}`;
  } catch (e) {
    if (e.field !== "seed") {
      err.textContent = e.message;
      return;
    }
    seedError.textContent = endStop(e.message.charAt(0).toUpperCase() + e.message.slice(1));
    seedBox.setAttribute("aria-invalid", "true");
    seedBox.closest("details").open = true;
    seedBox.focus();
  }
}

async function clearHistory() {
  try {
    await api("DELETE", "/api/games");
    showHome($("#main"));
  } catch (e) {
    $("#clear-history").after(h("p", { class: "error", role: "alert", text: e.message }));
  }
}
