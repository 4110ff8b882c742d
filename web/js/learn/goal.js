// @ts-check
// A lesson's task judged by rules.js: whether a move reaches the task's
// goal (docs/WEB.md, "Learn"). The Rust rules library checks the same
// goals in crates/rules/tests/lessons.rs, so both implementations agree on
// every lesson's answers.

import { Game, pitIndex } from '../rules.js';

/**
 * The game of a task or an example: its rules, its position, the moves
 * played before it.
 * @param {{position: string, moves?: string[]}} item
 * @param {string} rules
 */
export function gameOf(item, rules) {
  const game = new Game(rules, item.position);
  for (const letter of item.moves ?? []) game.play(letter);
  return game;
}

/**
 * Whether `letter`, played in `task`'s game under `rules`, reaches its goal:
 * `last` (the last seed falls in `task.pit`), `capture` (it captures
 * `task.seeds`, the most any move can), `extra-move` (the mover plays
 * again), `end` (the game ends, for `task.reason`), or `legal` (the rules
 * allow it). Throws, with the reason, for a move the rules refuse.
 * @param {any} task
 * @param {string} rules
 * @param {string} letter
 */
export function reaches(task, rules, letter) {
  const game = gameOf(task, rules);
  const mover = game.position.turn;
  const step = game.play(letter);
  switch (task.goal) {
    case 'last':
      return step.last === pitIndex(task.pit, game.rules.pits);
    case 'capture':
      return step.taken === task.seeds;
    case 'extra-move':
      return !game.over && game.position.turn === mover;
    case 'end':
      return game.over && game.position.end === task.reason;
    case 'legal':
      return true;
    default:
      throw new Error(`unknown goal ${task.goal}`);
  }
}

/**
 * The moves that reach `task`'s goal under `rules`.
 * @param {any} task
 * @param {string} rules
 */
export function answers(task, rules) {
  return gameOf(task, rules).legalMoves().filter((letter) => reaches(task, rules, letter));
}
