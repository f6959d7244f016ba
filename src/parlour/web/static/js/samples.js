// A small position of each game, drawn on the front page and the how-to-play pages
// by the game's own renderer (so the pictures always look like the real table).
const calcRow = (foundation, sequence, played) => ({ foundation, sequence, played, next: sequence[played] });

export const samples = {
  calculation: {
    foundations: { F1: ["AH", "2C", "3D"], F2: ["2D", "4S"], F3: ["3S"], F4: ["4C", "8H"] },
    waste: { W1: ["KD", "9S", "5H"], W2: ["QC"], W3: [], W4: ["7D", "JH"] },
    current: "6C", stock_count: 34, legal_moves: [], options: {},
    calculator: [
      calcRow("F1", ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"], 2),
      calcRow("F2", ["4", "6", "8", "T", "Q", "A", "3", "5", "7", "9", "J", "K"], 1),
      calcRow("F3", ["6", "9", "Q", "2", "5", "8", "J", "A", "4", "7", "T", "K"], 0),
      calcRow("F4", ["8", "Q", "3", "7", "J", "2", "6", "T", "A", "5", "9", "K"], 1),
    ],
  },
  gate: {
    bars: 4, legal_moves: [], stock_count: 20, waste: ["9C", "4D"], waste_top: "4D",
    foundations: { F1: "2H", F2: "AS", F3: null, F4: null },
    piles: {
      L: ["KH", "QH", "2C", "7H"], T1: ["JS", "TD"], T2: ["3D"], T3: ["5C"], T4: ["QS", "JH"],
      B1: ["QC"], B2: ["7S", "6H"], B3: ["5H"], B4: [], R: ["TC", "KS", "8H", "3C", "JD"],
    },
  },
  "eight-by-eight": {
    legal_moves: [], pending: null, waste: ["5S"], stock_count: 30, pass: 1, passes: 3, on_foundations: 3,
    rows: [
      { name: "T1", face_down: 6, face_up: ["JD", "TS"] }, { name: "T2", face_down: 7, face_up: ["JS"] },
      { name: "T3", face_down: 5, face_up: ["8H", "7C"] }, { name: "T4", face_down: 7, face_up: ["QH"] },
      { name: "T5", face_down: 6, face_up: ["2S"] }, { name: "T6", face_down: 7, face_up: ["KH"] },
      { name: "T7", face_down: 4, face_up: ["9H", "8S", "7D"] }, { name: "T8", face_down: 7, face_up: ["9C"] },
    ],
    foundations: [
      { name: "F1", top: "2D", count: 2 }, { name: "F2", top: "AC", count: 1 }, { name: "F3", top: null, count: 0 },
      { name: "F4", top: null, count: 0 }, { name: "F5", top: null, count: 0 }, { name: "F6", top: null, count: 0 },
      { name: "F7", top: null, count: 0 }, { name: "F8", top: null, count: 0 },
    ],
  },
  "chinese-patience": {
    player: 0, to_move: 0, legal_moves: [], first_turn: false, blocked: 3, blocked_limit: 60,
    foundations: ["3C", "AD", "2H", "AS"], tableau: [["KH", "QS"], ["QH"], ["9C", "8D"], ["7H"]],
    pile_0: ["4S", "TD"], pile_9: ["6C", "5D", "JS"], hand_counts: [17, 15], hand_order: [null, null],
  },
  uno: {
    player: 0, to_move: 0, legal_moves: [], hand: ["R0", "R7", "YS", "G4", "B5", "W"], drawn: null,
    opponent_cards: 5, discard: ["G9", "R9", "R3"], top: "R3", colour: "R", stock_count: 80,
    scores: [120, 45], target: 500, hand_number: 3, options: {},
  },
};
