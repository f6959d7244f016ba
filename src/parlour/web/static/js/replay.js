// The solver's winning line, replayed on the table under the person's control: play
// and pause, a move back or on, the speed, the end of the line, and back to the end
// of their own game, with a counter ("Move 12 of 280"). A line of 300 moves played
// straight through took five minutes that could not be paused or cut short.
//
// The moves, their words and the counter are the service's (`/verdict/line`); this
// module only decides which move is on the table and when the next one comes. The
// table (table.js) draws each as it draws any move, so the cards travel.
import { h, focus, stepPause, travelTime, FAST } from "./dom.js";
import { icon } from "./icons.js";

/** How many times faster than the computer's own moves the line may be played. */
export const SPEEDS = [1, 2, 4];

/** The replay's keys, for the keys help while it is on the table. */
export const LINE_KEYS = [
  ["Space", "play or pause the winning line"],
  ["→ / ←", "the next move of the line, or the one before"],
  ["End", "the end of the line"],
  ["Escape", "back to the end of your own game"],
];

/**
 * A replay of `steps` (the service's LineSteps). `show(step, how)` draws a step on
 * the table and settles when its cards have arrived (`how.travel`: how long they
 * take, `how.still`: no motion, the same step drawn again); `ended()` is called each
 * time the line reaches its last move; `leave()` once the person goes back to their
 * own game; `keys()` shows the keys help (the bar takes the toolbar's place, and
 * hides its Keys). Returns the control bar (`bar`), the key handler (`key`),
 * `start`, `redraw` (the table drawn again at a new size) and `stop`.
 */
export function lineReplay(steps, { show, ended, leave, keys }) {
  const last = steps.length - 1;
  let at = 0; // the step on the table, or being drawn there (0: the deal)
  let shown = -1; // the move last drawn
  let playing = false;
  let speed = SPEEDS[0];
  let alive = true;
  let run = 0; // each play, pause or jump starts a new run: an older one stops
  let drawing = Promise.resolve();

  const button = (id, label, keyName, key, onclick, ...kids) =>
    h("button", { type: "button", class: "tool", id, "aria-label": label, title: `${label} (${keyName})`, "aria-keyshortcuts": key, onclick }, ...kids);
  const back = button("line-back", "Step back", "←", "ArrowLeft", () => jump(at - 1), icon("stepback"));
  const play = button("line-play", "Pause", "Space", "Space", () => toggle(), icon("pause"));
  const forward = button("line-forward", "Step forward", "→", "ArrowRight", () => jump(at + 1), icon("stepforward"));
  const toEnd = button("line-end", "Skip to the end", "End", "End", () => jump(last), icon("toend"));
  const pace = h("button", { type: "button", class: "tool line-speed", id: "line-speed", onclick: () => faster() });
  const counter = h("span", { class: "line-counter", id: "line-counter" });
  const help = button("line-keys", "Keys", "?", "?", () => keys(), icon("keys"));
  const home = h("button", {
    type: "button", class: "line-leave", id: "line-leave", title: "Back to the end of my game (Esc)",
    "aria-keyshortcuts": "Escape", onclick: () => stopAnd(leave),
  }, icon("close"), h("span", { class: "line-leave-text", text: "Back to my game" }));
  const bar = h("div", { class: "line-bar", id: "line-bar", role: "group", "aria-label": "Winning line" },
    h("span", { class: "line-moves" }, back, play, forward, toEnd, pace), counter,
    h("span", { class: "line-aside" }, help, home));

  /** The buttons as the replay now is: what play does, the ends of the line, the speed. */
  function update() {
    const label = playing ? "Pause" : at >= last ? "Play again from the start" : "Play";
    play.setAttribute("aria-label", label);
    play.title = `${label} (Space)`;
    play.replaceChildren(icon(playing ? "pause" : "play"));
    const next = SPEEDS[(SPEEDS.indexOf(speed) + 1) % SPEEDS.length];
    pace.textContent = `${speed}×`;
    pace.setAttribute("aria-label", `Speed ${speed}×, press for ${next}×`);
    pace.title = `Speed ${speed}× (press for ${next}×)`;
    counter.textContent = steps[at].counter;
    for (const [el, off] of [[back, at <= 0], [forward, at >= last], [toEnd, at >= last]]) {
      // the keyboard is not dropped on the page when its button can no longer act
      if (off && document.activeElement === el) focus(play);
      el.disabled = off;
    }
  }

  /** Draw the move `at` once the one before has arrived (quick presses draw only the latest). */
  function draw(still = false) {
    drawing = drawing.then(async () => {
      if (!alive || (shown === at && !still)) return;
      shown = at;
      await show(steps[at], { still, travel: travelTime() / speed });
    });
    return drawing;
  }

  /** How long a move stays on the table while the line plays (the computer's pace at 1×). */
  const pause = () => Math.max(FAST ? 5 : 60, stepPause() / speed);
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  async function playOn() {
    const mine = ++run;
    const going = () => alive && playing && mine === run;
    while (going()) {
      await drawing;
      if (!going()) return;
      if (at >= last) {
        playing = false;
        update();
        ended();
        return;
      }
      await wait(pause());
      if (!going()) return;
      at += 1;
      update();
      draw();
    }
  }

  function toggle() {
    if (playing) {
      playing = false;
      run += 1;
      update();
      return;
    }
    if (at >= last) at = 0; // the end reached: play it again from the deal
    playing = true;
    update();
    draw();
    playOn();
  }

  /** A move of the line chosen by the person: the line stops there. */
  function jump(to) {
    const target = Math.max(0, Math.min(last, to));
    playing = false;
    run += 1;
    const moved = target !== at;
    at = target;
    update();
    draw();
    if (moved && at === last) drawing.then(() => alive && at === last && ended());
  }

  function faster() {
    speed = SPEEDS[(SPEEDS.indexOf(speed) + 1) % SPEEDS.length];
    update();
  }

  function stop() {
    alive = false;
    playing = false;
    run += 1;
  }

  function stopAnd(then) {
    if (!alive) return;
    stop();
    then();
  }

  /** The replay's keys; false for the others (which wait while the line is shown). */
  function key(ev) {
    if (!alive || ev.ctrlKey || ev.altKey || ev.metaKey) return false;
    const onButton = ev.target && ev.target.closest && ev.target.closest("button, a");
    if (ev.key === " " || ev.key === "Spacebar") {
      if (onButton) return false; // a focused button's own Space presses it
      toggle();
    } else if (ev.key === "ArrowRight") jump(at + 1);
    else if (ev.key === "ArrowLeft") jump(at - 1);
    else if (ev.key === "End") jump(last);
    else if (ev.key === "Escape") stopAnd(leave);
    else return false;
    return true;
  }

  /** Show the deal (the line's step 0), and play the line on from there. */
  function start() {
    update();
    toggle();
  }

  update();
  return {
    bar, key, start, stop,
    redraw: () => draw(true),
    get at() {
      return at;
    },
    get playing() {
      return playing;
    },
  };
}
