// A short, illustrated "how to play" page per game; the full rules are one click away.
import { h } from "../dom.js";
import { getCatalog } from "../api.js";
import { cardElement, cardWords, colourMark } from "../cards.js";
import { thumbnail } from "../thumbnail.js";
import { samples } from "../samples.js";

const GUIDES = {
  calculation: {
    goal: "Build all four foundations up to a King. Suits do not matter: only the steps do.",
    steps: [
      { text: "The foundations start with an Ace, a Two, a Three and a Four. The first is built up by ones, the second by twos, the third by threes, the fourth by fours, going round past the King.", cards: ["2D", "4S", "6H", "8C"] },
      { text: "The top card of the stock is the current card. Put it on a foundation where it fits, or on any of the four waste piles.", cards: ["6C"] },
      { text: "Only the top card of a waste pile can move, to a foundation. Plan the waste piles: a pile built downwards by a foundation's step plays off in one go.", cards: ["9S", "6H", "3D"] },
      { text: "The calculator under each foundation shows the ranks it needs, the next one lit. The game is won when every foundation is topped by a King." },
    ],
  },
  gate: {
    goal: "Move all 52 cards to the four foundations, each built up in suit from the Ace.",
    steps: [
      { text: "The two posts hold five cards each; only the lowest card of a post can move. The bars between them are built down in alternating colours.", cards: ["9S", "8H", "7C"] },
      { text: "A bar card, or a run from a bar, can move onto another bar. A space in a bar can be filled only from a post." },
      { text: "Deal from the stock to the waste heap when you are stuck; the waste card can go to a bar or a foundation.", cards: ["4D"] },
      { text: "Aces go to the foundations, then each foundation takes the next card of its suit.", cards: ["AH", "2H", "3H"] },
    ],
  },
  "eight-by-eight": {
    goal: "Move all 104 cards (two packs) to the eight foundations, each built up in suit from an Ace to the King.",
    steps: [
      { text: "Eight rows of eight cards, only the top one face up. Build the rows down in alternating colours; a run moves as a whole.", cards: ["9H", "8S", "7D"] },
      { text: "An empty row takes any face-up card with the cards on it: this is what makes 8 x 8 different." },
      { text: "Turn the talon's top card up; it must be placed at once: on a row, a foundation or the waste pile.", cards: ["5S"] },
      { text: "You have three passes through the talon. A face-down card turns up by itself when it is uncovered." },
    ],
  },
  "chinese-patience": {
    goal: "A race against the computer: be the first to empty your hand and your discard pile.",
    steps: [
      { text: "Twist: turn your hand's top card onto your discard pile (0). Play it, or any tableau top card, to the foundations (built up in suit) or the tableau (down in alternating colours).", cards: ["TD", "9C", "8D"] },
      { text: "Load the computer's discard pile (9) with a card of its top card's suit, one rank above or below it.", cards: ["6C", "7C"] },
      { text: "Once the card you twisted has left your discard pile you may twist again; end your turn when it stays there." },
      { text: "The winner scores the cards the other player has left. Play a series: the totals carry on." },
    ],
  },
  uno: {
    goal: "Be the first to play all your cards; you score what the computer still holds. The first to 500 points wins the match.",
    steps: [
      { text: "Play a card that matches the top of the discard pile by colour or by value, or draw one.", cards: ["R3", "R7", "G3"] },
      { text: "Skip and Draw Two make the computer lose its turn, so you play again. A Wild names the colour.", cards: ["YS", "BD", "W"] },
      { text: "A Wild Draw Four may rightly be played only when you hold no card of the colour in play.", cards: ["W4"] },
      { text: "Each colour has a mark as well, for colour-blind players.", marks: true },
    ],
  },
};

export async function showHowto(main, name) {
  const games = await getCatalog();
  const game = games.find((g) => g.name === name) || games[0];
  const guide = GUIDES[game.name];
  const picture = h("figure", { class: "howto-table" },
    samples[game.name] ? thumbnail(game.name, samples[game.name], 640, 340) : null,
    h("figcaption", { text: `A game of ${game.title} under way.` }));
  const steps = h("ol", { class: "howto-steps" }, guide.steps.map((s) => h("li", {},
    h("p", { text: s.text }),
    s.cards ? h("div", { class: "mini-cards", role: "img", "aria-label": s.cards.map(cardWords).join(", ") },
      s.cards.map((c) => cardElement(c))) : null,
    s.marks ? h("ul", { class: "marks" }, [["R", "red: a triangle"], ["Y", "yellow: a sun"], ["G", "green: a leaf"], ["B", "blue: a drop"]].map(([c, t]) =>
      h("li", { class: `uno-${c} colour-chip` }, colourMark(c, 20), h("span", { text: t })))) : null)));
  const nav = h("nav", { class: "subnav", "aria-label": "How to play each game" },
    games.map((g) => h("a", { href: `#/howto/${g.name}`, "aria-current": g.name === game.name ? "page" : null, text: g.title })));
  main.replaceChildren(h("div", { class: "page-wrap howto page" },
    nav,
    h("h1", { text: `How to play ${game.title}` }),
    h("p", { class: "lead", text: guide.goal }),
    picture, steps,
    h("p", { class: "page-links" },
      h("a", { class: "button primary", href: `#/`, text: "Play" }), " ",
      h("a", { class: "button", href: `#/rules/${game.name}`, text: `The full rules of ${game.title}` }))));
}
