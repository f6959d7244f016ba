// Words a person reads that the API does not send yet. The table service (issue 20)
// is taking over the event vocabulary: where an answer carries `log`, `status`,
// option or level labels, those are shown and the fallbacks below are not used.
import { cardName } from "./cards.js";

/** Human labels for the options of the catalogue (used when it has no "label"). */
const OPTION_LABELS = {
  classic: { label: "Classic rules (no move onto an empty waste pile)" },
  bars: { label: "Cards in each bar", choices: { 4: "4 (the book's game)", 3: "3 (the variant)" } },
  first: { label: "Who starts", choices: { "": "Random", 0: "You", 1: "The computer" } },
  target: { label: "Points to win the match" },
  uno_call: { label: "Call UNO" },
  w4_challenge: { label: "Challenge a Wild Draw Four" },
};

const LEVEL_LABELS = {
  random: "Easy: plays at random",
  greedy: "Medium: takes what it sees",
  basic: "Medium: plays sensibly",
  strong: "Hard: searches ahead",
};

/** "1 card", "2 cards": a count and its word, singular or plural. */
export const counted = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

export function optionLabel(option) {
  if (option.label) return option.label;
  const known = OPTION_LABELS[option.name];
  return known ? known.label : option.name.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

/** [{value, label}] for an option with choices ("" is the default of a null option). */
export function optionChoices(option) {
  const known = (OPTION_LABELS[option.name] || {}).choices || {};
  const raw = option.choices || [];
  const list = raw.map((c) =>
    typeof c === "object" && c !== null ? { value: c.value, label: c.label } : { value: c, label: known[c] ?? String(c) },
  );
  if (option.default === null && !list.some((c) => c.value === null || c.value === "")) {
    list.unshift({ value: "", label: known[""] || "Random" });
  }
  return list;
}

export function levelLabel(level) {
  if (typeof level === "object" && level !== null) return level.label || level.name;
  return LEVEL_LABELS[level] || level;
}

export const levelName = (level) => (typeof level === "object" && level !== null ? level.name || level.value : level);

// --- who sits where ----------------------------------------------------------------
// The service names each seat from the reader's side (answer.names): "you", "the
// computer", the name a friend chose, or "Player 1" and "Player 2" when two people
// share one table (nobody there is "you"). The table's labels and score lines use
// those names, as the service's own sentences do.

const AGAINST_THE_COMPUTER = [{ name: "you", whose: "your" }, { name: "the computer", whose: "the computer's" }];
let seats = AGAINST_THE_COMPUTER;
let near = 0;
let playing = "against the computer";

/** The table names the seats from an answer (its `names`, `seat` and `who_plays`). */
export function seeNames(answer) {
  if (!answer) return;
  near = answer.seat ?? (answer.view && answer.view.player) ?? 0;
  if (Array.isArray(answer.names) && answer.names.length === 2) {
    seats = answer.names;
  } else {
    // an answer from before the service named the seats: a friend's from its live seats
    const other = answer.live ? answer.live.seats.find((s) => !s.you) : null;
    const name = other && other.kind === "person" ? other.name : other && other.kind === "empty" ? "your friend" : "the computer";
    seats = near === 0 ? [AGAINST_THE_COMPUTER[0], { name, whose: `${name}'s` }] : [{ name, whose: `${name}'s` }, AGAINST_THE_COMPUTER[0]];
  }
  playing = answer.who_plays ?? (answer.opponent ? `against ${seats[1 - near].name}` : "");
}

/** A seat's name ("you", "the computer", "Ann", "Player 1"). */
export const nameOf = (seat) => seats[seat].name;
/** A seat's things ("your", "the computer's", "Player 1's"). */
export const whose = (seat) => seats[seat].whose;
/** The seat across the table from the reader's. */
export const across = () => 1 - near;
/** Who plays, after the game's title ("against the computer"; "" for a patience). */
export const whoPlays = () => playing;

/**
 * Figures by who holds them, in seat order from `first`: "you 120, the computer 40"; a
 * name ending in a figure keeps its own in brackets, "Player 1 (120), Player 2 (40)"
 * (the service's words.tally writes them the same way).
 */
export function tally(values, first) {
  return [first, 1 - first]
    .map((seat) => (/\d$/.test(nameOf(seat)) ? `${nameOf(seat)} (${values[seat]})` : `${nameOf(seat)} ${values[seat]}`))
    .join(", ");
}

// --- sentences from the API of today (until the service's `log` lands) ------------

const CARD_IN_TEXT = /\b([A2-9TJQK][CDHS]|[RGYB](?:[0-9]|S|D)|W4?)\b/g;

/** "player 1 plays R8" -> "The computer plays red 8."; codes become names. */
export function sentence(text, seat = 0) {
  if (!text) return "";
  let out = String(text)
    .replace(/\bplayer (\d)\b/g, (all, n) => (Number(n) === seat ? "you" : "the computer"))
    .replace(/:([RGYB])\b/g, (all, c) => ` naming ${{ R: "red", G: "green", Y: "yellow", B: "blue" }[c]}`)
    .replace(CARD_IN_TEXT, (code) => cardName(code))
    .replace(/\b1 cards\b/g, "1 card");
  out = out.replace(/\byou (\w+?)(ses|shes|ches|s)\b/g, (all, stem, end) => `you ${stem}${end === "s" ? "" : end.slice(0, -2)}`);
  out = out.charAt(0).toUpperCase() + out.slice(1);
  return /[.!?…]$/.test(out) ? out : out + ".";
}

/** "plays RS" said by `who` ("You" or "The computer"). */
export function said(who, text) {
  const verb = String(text || "");
  if (who === "You") {
    const second = verb.replace(/^(\S+?)(ses|shes|ches|s)\b/, (all, stem, end) => stem + (end === "s" ? "" : end.slice(0, -2)));
    return sentence(`you ${second}`);
  }
  return sentence(`${who} ${verb}`);
}

export const plural = (n, one, many = one + "s") => `${n} ${n === 1 ? one : many}`;
