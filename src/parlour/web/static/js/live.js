// Playing a friend: the invitation (front page button, the link, the join page),
// and the live line to the table (a WebSocket): the other's moves arrive as steps
// the table shows as it shows the computer's; who is here, the clock before a win
// may be claimed, pause, the computer in an empty seat, the next game.
// The table (table.js) calls attach/detach/nextGame; everything else is here.
import { h, $, FAST } from "./dom.js";
import { api } from "./api.js";
import { state, receive, say } from "./table.js";
import { seeNames, whoPlays } from "./words.js";

const NAME_KEY = "parlour-name";
let line = null; // { socket, id, bar, timer, closed, retry }

const remembered = () => {
  try {
    return localStorage.getItem(NAME_KEY) || "";
  } catch (e) {
    return "";
  }
};
const remember = (name) => {
  try {
    localStorage.setItem(NAME_KEY, name);
  } catch (e) {
    /* private browsing */
  }
};

/** The link a friend opens (the token travels in the fragment: never sent to servers). */
export const inviteLink = (id, token) => `${location.origin}${location.pathname}#/join/${encodeURIComponent(id)}/${encodeURIComponent(token)}`;

function nameField(id) {
  // type "text" said, or the form's field look (.opt input[type=text]) passes it by: a
  // bare 20-px box on the join page and in the invitation's dialog
  return [h("label", { for: id, text: "Your name (your friend sees it)" }),
    h("input", { id, type: "text", name: "name", maxlength: 24, autocomplete: "nickname", value: remembered(), required: true })];
}

/** The front page's "Play a friend" button for a two-player game's form. */
export function friendButton(g, label, optionsNow, err) {
  return h("button", { type: "button", class: "friend", "data-friend": g.name, text: label,
    onclick: () => askName(`Play ${g.title} with a friend`, async (name) => {
      const body = { game: g.name, opponent: "friend", name, options: optionsNow() };
      const answer = await api("POST", "/api/games", body);
      window.Parlour.pending = answer;
      location.hash = `#/game/${answer.id}`;
    }, err) });
}

/** The end panel's "Play a friend": the same game and options, against a friend. */
export function inviteFrom(answer) {
  askName(`Play ${answer.title} with a friend`, async (name) => {
    const body = { game: answer.game, opponent: "friend", name, options: { ...answer.options } };
    const made = await api("POST", "/api/games", body);
    window.Parlour.pending = made;
    location.hash = `#/game/${made.id}`;
  }, null);
}

function askName(title, go, err) {
  const before = document.activeElement;
  const problem = h("p", { class: "error", role: "alert" });
  const dialog = h("dialog", { class: "dialog friend-name", "aria-labelledby": "friend-title" },
    h("h2", { id: "friend-title", text: title }),
    h("form", { method: "dialog", novalidate: true, onsubmit: async (ev) => {
      ev.preventDefault();
      const name = dialog.querySelector("input").value.trim();
      if (!name) {
        problem.textContent = "Type your name first: your friend will see it at the table.";
        dialog.querySelector("input").focus();
        return;
      }
      remember(name);
      try {
        await go(name);
        dialog.close();
      } catch (e) {
        problem.textContent = e.message;
      }
    } },
    h("div", { class: "opt" }, ...nameField("friend-name-input")), problem,
    h("div", { class: "row" }, h("button", { class: "primary", type: "submit", text: "Invite" }),
      h("button", { type: "button", text: "Cancel", onclick: () => dialog.close() }))));
  document.body.append(dialog);
  dialog.addEventListener("close", () => { dialog.remove(); if (before && before.focus) before.focus(); });
  dialog.showModal();
  if (err) err.textContent = "";
}

/** #/join/ID/TOKEN: who invites you to which game, then take the second seat with
 * your name. A used or unknown invitation is answered before any name is asked, in
 * the same words as a game that does not exist (the router shows the error). */
export async function showJoin(main) {
  const [, id, token] = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  const about = await api("POST", `/api/games/${encodeURIComponent(id)}/invitation`, { token: token || "" });
  if (about.seated) {
    location.replace(`#/game/${encodeURIComponent(id)}`);
    return;
  }
  const inviter = about.inviter || "A friend";
  const problem = h("p", { class: "error", role: "alert" });
  const form = h("form", { class: "join", novalidate: true, onsubmit: async (ev) => {
    ev.preventDefault();
    const name = form.querySelector("input").value.trim();
    if (!name) {
      problem.textContent = `Type your name first: ${about.inviter || "your friend"} will see it at the table.`;
      form.querySelector("input").focus();
      return;
    }
    remember(name);
    try {
      const answer = await api("POST", `/api/games/${encodeURIComponent(id)}/join`, { token, name });
      window.Parlour.pending = answer;
      location.hash = `#/game/${answer.id}`;
    } catch (e) {
      problem.textContent = e.message;
    }
  } },
  h("div", { class: "opt" }, ...nameField("join-name")), problem,
  h("div", { class: "row" }, h("button", { class: "primary", type: "submit", text: "Sit down and play" })));
  main.replaceChildren(h("div", { class: "page-wrap join-page" },
    h("h1", { text: `${inviter} invites you to a game of ${about.title}` }),
    h("p", { text: `Choose the name ${about.inviter || "your friend"} will see, then sit down at the table.` }), form));
}

// --- the live line --------------------------------------------------------------------

/** The table opened a friend's game: open its line and draw its bar. */
export function attach(answer, host) {
  detach();
  const bar = h("div", { id: "live", class: "live-bar", role: "region", "aria-label": "Players" });
  host.after(bar);
  line = { id: answer.id, bar, socket: null, timer: null, closed: false, retry: 0, live: answer.live };
  drawBar(answer);
  connect();
  line.timer = setInterval(() => line && drawBar(state.answer), 1000);
}

/** The table took a new answer: draw the bar for it. */
export function refresh() {
  if (line) drawBar(state.answer);
}

export function detach() {
  if (!line) return;
  line.closed = true;
  clearInterval(line.timer);
  if (line.socket) line.socket.close();
  if (line.bar) line.bar.remove();
  line = null;
}

function connect() {
  const current = line;
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/api/games/${encodeURIComponent(current.id)}/live`);
  current.socket = socket;
  current.since = Date.now();
  socket.onmessage = (ev) => {
    if (line !== current) return;
    let message;
    try {
      message = JSON.parse(ev.data);
    } catch (e) {
      return;
    }
    current.retry = 0;
    if (message.type === "answer") take(message.answer, message.cause);
    else if (message.type === "error") say(message.error, "error");
  };
  socket.onclose = () => {
    if (line !== current || current.closed) return;
    current.socket = null;
    drawBar(state.answer);
    current.retry = Math.min(current.retry + 1, 6);
    setTimeout(() => line === current && !current.closed && connect(), FAST ? 100 : 500 * current.retry);
  };
}

/** A command on the line (pause, claim, the computer, the next game). */
function command(type, body = {}) {
  if (!line || !line.socket || line.socket.readyState !== WebSocket.OPEN) {
    say("Reconnecting to the table…", "error");
    return;
  }
  line.socket.send(JSON.stringify({ type, ...body }));
}

let queue = Promise.resolve();

/** An answer from the line: shown when the table is free, in order, never an old one. */
function take(answer, cause) {
  queue = queue.then(async () => {
    while (state.busy) await new Promise((r) => setTimeout(r, 40));
    if (!line || state.active !== answer.id) return;
    const shown = state.answer && state.answer.live ? state.answer.live.version : -1;
    const steps = (answer.computer_moves || []).length;
    if (answer.live.version < shown) return;
    line.live = answer.live;
    if (answer.live.next && answer.outcome) {
      // the other accepted the next game: this table follows, and says why (the end
      // panel went, a new deal came, and nothing said so); not to the one who accepted
      const rematch = answer.live.rematch;
      if (rematch && rematch.state === "accepted_by_them") window.Parlour.notice = rematch.text;
      location.hash = `#/game/${answer.live.next}`;
      return;
    }
    const was = state.answer && state.answer.live ? state.answer.live.rematch : null;
    if (answer.live.version > shown || steps) await receive(answer, { reset: answer.log_start === 0 });
    else state.answer = { ...state.answer, live: answer.live };
    drawBar(answer);
    // the friend's word on the next game, said as well as shown in the end panel
    const rematch = answer.live.rematch;
    if (rematch && rematch.text && /_by_them$/.test(rematch.state || "") && (!was || was.state !== rematch.state)) say(rematch.text);
  }).catch((e) => say(e.message, "error"));
}

/** The next game (series or match) with the same friend: offered, or the friend's
 * offer accepted (then it is made, and this table goes there). */
export async function nextGame() {
  try {
    const answer = await api("POST", `/api/games/${encodeURIComponent(state.answer.id)}/next`);
    if (answer.id === state.answer.id) {
      take(answer, "next"); // an offer: the end panel says so, and waits for the friend
      return;
    }
    window.Parlour.pending = answer;
    location.hash = `#/game/${answer.id}`;
  } catch (e) {
    say(e.message, "error");
  }
}

/** Withdraw one's offer of the next game, or decline the friend's. */
export function declineNext() {
  command("next", { on: false });
}

const clock = (seconds) => {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

function drawBar(answer) {
  if (!line || !answer || !answer.live) return;
  const live = answer.live;
  seeNames(answer);
  const title = document.querySelector("#game-title .who");
  if (title) title.textContent = ` ${whoPlays()}`;
  const since = (Date.now() - (line.shownAt || Date.now())) / 1000;
  if (line.stamp !== live) {
    line.stamp = live;
    line.shownAt = Date.now();
  }
  const elapsed = line.shownAt ? (Date.now() - line.shownAt) / 1000 : since;
  const me = live.seats.find((s) => s.you);
  const other = live.seats.find((s) => !s.you);
  const seatText = (s) => {
    if (s.kind === "empty") return "an empty seat";
    if (s.kind === "computer") return "the computer";
    if (s.you) return `you (${s.name})`;
    if (s.present) return `${s.name}, here`;
    if (s.away !== null && s.away !== undefined) return `${s.name}, away ${clock(s.away + elapsed)}`;
    return `${s.name}, not here yet`;
  };
  const parts = [h("span", { class: "seats" },
    h("span", { class: "seat you", text: seatText(me) }), " · ",
    h("span", { class: `seat other ${other.present ? "here" : "away"}`, id: "live-other", text: seatText(other) }))];
  const over = !!answer.outcome;
  // the bar's buttons and sentences are the service's (live.words), as the rematch's are
  const words = live.words;
  if (!over && !answer.your_turn && other.kind === "person" && !live.pause) {
    parts.push(h("span", { class: "waiting", id: "live-turn", text: ` ${words.waiting}` }));
  }
  if (!line.socket || line.socket.readyState !== WebSocket.OPEN) parts.push(h("span", { class: "offline", text: " Reconnecting…" }));
  if (live.invite) {
    const link = inviteLink(answer.id, live.invite);
    const field = h("input", { id: "invite-link", readonly: true, value: link, "aria-label": "Invitation link", onfocus: (ev) => ev.target.select() });
    parts.push(h("span", { class: "invite" }, "Send your friend this link: ", field,
      h("button", { type: "button", text: "Copy", onclick: () => { field.select(); if (navigator.clipboard) navigator.clipboard.writeText(link).catch(() => {}); say("The link is copied: send it to your friend."); } })));
  }
  const buttons = [];
  if (!over) {
    if (live.can_seat_computer) buttons.push(h("button", { type: "button", id: "seat-computer", text: words.seat_computer, onclick: () => command("seat_computer") }));
    if (live.can_take_seat) buttons.push(h("button", { type: "button", id: "take-seat", text: words.take_seat, onclick: () => command("take_seat") }));
    if (other.kind === "person" && live.claim_in !== null && live.claim_in !== undefined) {
      const left = live.claim_in - elapsed;
      buttons.push(left > 0
        ? h("span", { class: "claim-wait", id: "claim-wait", text: words.claim_wait.replace("{time}", clock(left)) })
        : h("button", { type: "button", id: "claim", text: words.claim, onclick: () => command("claim") }));
    }
    if (other.kind === "person" && !live.invite) {
      buttons.push(h("button", { type: "button", id: "pause", text: words.pause, disabled: live.pause === "asked_by_you" || live.pause === "paused" ? true : null, onclick: () => command("pause") }));
      if (words.pause_asked) parts.push(h("span", { class: "ask", text: ` ${words.pause_asked}` }));
    }
  }
  line.bar.replaceChildren(...parts, ...buttons);
}
