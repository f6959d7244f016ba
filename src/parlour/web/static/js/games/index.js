// One renderer per game, found by the game's name in the API's answers.
import calculation from "./calculation.js";
import gate from "./gate.js";
import eight from "./eight-by-eight.js";
import chinese from "./chinese-patience.js";
import uno from "./uno.js";

export const renderers = {
  calculation,
  gate,
  "eight-by-eight": eight,
  "chinese-patience": chinese,
  uno,
};

export function rendererFor(name) {
  const r = renderers[name];
  if (!r) throw new Error(`no table for the game ${name}`);
  return r;
}
