// @ts-check
// Quick pairing: one button a pool (rules and time control, how many
// wait that you could be paired with: signed-in players for a player
// signed in, guests for a guest); while you wait, how long and a Cancel;
// once paired, the game. Leaving the lobby takes you out of the pool.

import { api } from '../api.js';
import { fill, h, timeControlText } from '../dom.js';
import { onEvent } from '../events.js';
import { ensureSession, signedIn, toast } from '../session.js';
import { rulesText } from '../words.js';
import { t } from '../i18n.js';

/**
 * @param {(gameId: string) => void} onPaired
 */
export function createPools(onPaired) {
  /** @type {any[]} */
  let pools = [];
  /** @type {{id: string, pool: string, since: number} | null} */
  let seeking = null;
  /** @type {number | undefined} */
  let ticker;
  const grid = h('div', { class: 'pool-grid', role: 'group', 'aria-label': t('pools-label') });
  const status = h('div', { class: 'seek-status', 'aria-live': 'polite' });
  const hint = h('p', { class: 'hint' });
  const element = h('section', { class: 'pools', 'aria-labelledby': 'pools-title' },
    h('h2', { id: 'pools-title' }, t('pools-title')), hint, grid, status);

  function render() {
    const rated = signedIn();
    fill(hint, rated
      ? t('pools-hint-rated')
      : t('pools-hint-casual'));
    fill(grid, pools.map((p) => {
      const active = seeking?.pool === p.id;
      // Those you could be paired with.
      const waiting = rated ? p.waiting_rated : p.waiting_casual;
      return h('button', {
        type: 'button',
        class: `pool${active ? ' seeking' : ''}`,
        'data-pool': p.id,
        'aria-pressed': active ? 'true' : 'false',
        onclick: () => (active ? cancel() : seek(p.id)),
      },
      h('span', { class: 'pool-time' }, timeControlText(p.clock)),
      h('span', { class: 'pool-rules' }, rulesText(p.rules)),
      h('span', { class: 'pool-waiting' }, t('pools-waiting', { count: waiting })));
    }));
    renderStatus();
  }

  function renderStatus() {
    clearTimeout(ticker);
    if (!seeking) {
      fill(status);
      return;
    }
    const pool = pools.find((p) => p.id === seeking?.pool);
    const waited = Math.floor((Date.now() - seeking.since) / 1000);
    fill(status,
      h('p', {}, t('pools-looking', {
        pool: pool ? `${rulesText(pool.rules)} ${timeControlText(pool.clock)}` : seeking.pool,
        kind: signedIn() ? t('rated') : t('casual'),
      }), ' ',
      h('span', { class: 'waited' }, t('pools-waited', { seconds: waited })), ' ',
      h('button', { type: 'button', onclick: cancel }, t('cancel'))));
    ticker = window.setTimeout(renderStatus, 1000);
  }

  async function seek(/** @type {string} */ pool) {
    try {
      await ensureSession();
      if (seeking) await cancel();
      const s = await api.seek(pool);
      seeking = { id: s.id, pool, since: Date.now() };
      render();
    } catch (err) {
      toast(t('pools-cannot-join', { error: err.message }));
    }
  }

  async function cancel() {
    const was = seeking;
    seeking = null;
    render();
    if (!was) return;
    try {
      await api.cancelSeek(was.id);
    } catch (err) {
      // Paired meanwhile: go to the game.
      await check(was.id);
    }
  }

  /** Goes to the game if the seek `id` was paired. */
  async function check(/** @type {string} */ id) {
    const s = await api.seekStatus(id).catch(() => null);
    if (s?.status === 'paired' && s.game_id) {
      seeking = null;
      onPaired(s.game_id);
    } else if (s && s.status !== 'open' && seeking?.id === id) {
      seeking = null;
      render();
    }
  }

  const off = onEvent((event) => {
    if (event.type === 'gameStart' && seeking) check(seeking.id);
  });

  return {
    element,
    /** New figures from the server. @param {any[]} list */
    update(list) {
      pools = list;
      render();
      // Looking keeps the seek alive, and finds a pairing an event missed.
      if (seeking) check(seeking.id);
    },
    destroy() {
      off();
      clearTimeout(ticker);
      if (seeking) api.cancelSeek(seeking.id).catch(() => {});
    },
  };
}
