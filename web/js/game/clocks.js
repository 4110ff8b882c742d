// @ts-check
// The two clocks: the server's figures counted down locally for the side
// whose clock runs, a tenth of a second at a time; and, in a game the
// server paired, the time left for a player's first move (GAME's
// first_move), after which the game is aborted.

import { clockText } from '../dom.js';
import { sideName } from '../words.js';
import { t } from '../i18n.js';

/**
 * Who is running on a clock: "S", "N" or null (the server may say true
 * for "the side to move").
 * @param {any} game
 */
export function runningSide(game) {
  const r = game.clock?.running;
  if (r === 'S' || r === 'N') return r;
  if (r === true && game.status === 'playing') return game.to_move;
  return null;
}

/**
 * @param {import('../game.js').GameContext} ctx
 * @param {() => {element: HTMLElement, notice: HTMLElement, side: string}[]} faces the clock elements, the first move's notices and the side each shows
 */
export function createClocks(ctx, faces) {
  let base = 0;
  /** @type {number | undefined} */
  let timer;

  function tick() {
    clearTimeout(timer);
    const { game } = ctx;
    const running = game.status === 'playing' ? runningSide(game) : null;
    const due = game.status === 'playing' ? game.first_move : null;
    for (const { element: el, notice, side } of faces()) {
      if (due?.side === side) {
        const left = Math.max(0, due.left_ms - (performance.now() - base));
        notice.hidden = false;
        notice.textContent = t('seat-first-move', { time: clockText(left) });
      } else {
        notice.hidden = true;
        notice.textContent = '';
      }
      if (!game.clock) {
        el.textContent = '';
        el.hidden = true;
        continue;
      }
      el.hidden = false;
      let ms = game.clock[`${side}_ms`] ?? 0;
      if (running === side) ms -= performance.now() - base;
      el.textContent = `${ms < 10_000 && game.status === 'playing' ? '⚠ ' : ''}${clockText(ms)}`;
      el.classList.toggle('running', running === side);
      el.classList.toggle('low', ms < 10_000);
      const clockArgs = { side: sideName(side), time: clockText(ms) };
      el.setAttribute('aria-label', running === side ? t('clock-name-running', clockArgs) : t('clock-name', clockArgs));
    }
    if (running || due) timer = window.setTimeout(tick, 100);
  }

  return {
    /** A new state arrived: its figures are the time left now. */
    sync() {
      base = performance.now();
    },
    render: tick,
    destroy() {
      clearTimeout(timer);
    },
  };
}
