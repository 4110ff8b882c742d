// @ts-check
// The list of the moves played, numbered, with the seeds each capture
// took.

import { fill, h } from '../dom.js';
import { Game, pitIndex, positionString } from '../rules.js';
import { sideName } from '../words.js';
import { t } from '../i18n.js';

/**
 * The positions and captures of each move, from the game's start; null
 * if they do not lead to the server's position.
 * @param {any} game
 */
export function movesWithCaptures(game) {
  try {
    const g = new Game(game.rules, game.start ?? undefined);
    for (const m of game.moves) g.play(m);
    if (positionString(g.positions[g.positions.length - 1]) !== game.position
      && positionString(g.position) !== game.position) return null;
    return g;
  } catch {
    return null;
  }
}

/** @param {import('../game.js').GameContext} ctx */
export function createMoveList(ctx) {
  const element = h('ol', { class: 'move-list', 'aria-label': t('game-moves') });

  function render() {
    const { game, position } = ctx;
    const replay = movesWithCaptures(game);
    const m = position.rules.pits;
    const items = game.moves.map((/** @type {string} */ letter, /** @type {number} */ i) => {
      const step = replay?.steps[i];
      const captured = step && step.taken > 0 ? ` ×${step.taken}` : '';
      const side = pitIndex(letter, m) < m ? 'S' : 'N';
      const args = { n: i + 1, side: sideName(side), pit: letter, seeds: step?.taken ?? 0 };
      return h('li', { 'data-side': side, 'aria-label': captured ? t('move-name-captures', args) : t('move-name', args) },
        letter, captured ? h('span', { class: 'took' }, captured) : null);
    });
    fill(element, items);
    element.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }

  return { element, render };
}
