// @ts-check
// The lobby: quick pairing, open tables to join (custom seeks: rated or
// casual, a rating range), games being played to watch, and the form that
// opens a table, with the invite link to share. Looking asks no name; a
// name (or an account) is asked when you sit down.

import { api } from './api.js';
import {
  fill, h, movesText, timeControlText,
} from './dom.js';
import { shareBox } from './game/invite.js';
import { playerCell } from './games-list.js';
import { createPools } from './lobby/pools.js';
import { tableForm } from './lobby/table-form.js';
import { navigate } from './router.js';
import {
  ensureSession, knownSession, onSession, toast,
} from './session.js';
import {
  playerName, poolText, rulesText, sideName,
} from './words.js';
import { t } from './i18n.js';

const REFRESH_MS = 3000;

const nameOf = (/** @type {any} */ who) => (typeof who === 'string' ? who : playerName(who));

const myTables = () => JSON.parse(sessionStorage.getItem('wari.tables') ?? '[]');
const rememberTable = (/** @type {string} */ id) => sessionStorage.setItem('wari.tables', JSON.stringify([...myTables(), id].slice(-20)));

/**
 * @param {any[]} list
 * @param {(table: any) => void} onJoin
 * @param {(table: any) => void} onCancel
 */
function openTables(list, onJoin, onCancel) {
  if (!list.length) return h('p', { class: 'empty-list' }, t('lobby-no-open-table'));
  return h('ul', { class: 'open-tables', 'aria-label': t('lobby-open-tables') }, list.map((table) => {
    // The server shows the invite link to the table's creator only; a
    // public table may have none, so this browser remembers its own.
    const mine = Boolean(table.yours) || myTables().includes(table.id);
    const theirs = table.creator?.side;
    const seat = theirs === 'S' ? sideName('N') : theirs === 'N' ? sideName('S') : t('lobby-either-side');
    const kind = [
      rulesText(table.rules),
      timeControlText(table.clock),
      table.rated ? t('rated') : t('casual'),
      table.rating_range ? t('lobby-for-ratings', { low: String(table.rating_range[0]), high: String(table.rating_range[1]) }) : null,
      t('lobby-you-would-play', { side: seat }),
    ].filter(Boolean).join(' · ');
    const action = mine
      ? [h('a', { href: `/game/${encodeURIComponent(table.game_id)}` }, t('lobby-your-table-open')), ' ',
        h('button', { type: 'button', onclick: () => onCancel(table) }, t('cancel'))]
      : h('button', { type: 'button', class: 'primary', onclick: () => onJoin(table) }, t('lobby-join'));
    return h('li', { class: 'table-item', 'data-table': table.id },
      h('p', { class: 'players' }, nameOf(table.creator) || '—'),
      h('p', { class: 'meta' }, kind),
      h('p', { class: 'actions' }, action));
  }));
}

/** @param {any[]} list */
function playingGames(list) {
  if (!list.length) return h('p', { class: 'empty-list' }, t('lobby-no-game-playing'));
  return h('ul', { class: 'playing' }, list.map((game) => {
    const p = game.players ?? {};
    const name = (/** @type {string} */ side) => nameOf(p[side]) || sideName(side);
    return h('li', { 'data-game': game.id },
      h('p', { class: 'players' }, playerCell(p.S, 'S'), ' – ', playerCell(p.N, 'N')),
      h('span', { class: 'meta' }, [
        rulesText(game.rules),
        game.clock !== undefined ? timeControlText(game.clock) : null,
        game.rated ? t('lobby-rated-speed', { speed: poolText(game.pool).split(', ')[1] ?? '' }).trim() : null,
        game.moves_count !== undefined ? movesText(game.moves_count) : null,
      ].filter((part) => part !== null).join(' · ')), ' ',
      h('a', { href: `/game/${encodeURIComponent(game.id)}`, 'aria-label': t('lobby-watch-label', { south: name('S'), north: name('N') }) }, t('lobby-watch')));
  }));
}

/** @param {HTMLElement} outlet */
export function mountLobby(outlet) {
  /** @type {number | undefined} */
  let timer;
  let gone = false;
  const open = h('div', { 'aria-live': 'polite' }, h('p', {}, t('loading')));
  const playing = h('div', {}, h('p', {}, t('loading')));
  const share = h('section', { class: 'share-section', hidden: true, 'aria-labelledby': 'share-title' });
  const pools = createPools((id) => navigate(`/game/${encodeURIComponent(id)}`));

  async function join(/** @type {any} */ table) {
    try {
      await ensureSession();
      const { game_id: id } = await api.joinTable(table.id);
      navigate(`/game/${encodeURIComponent(id)}`);
    } catch (err) {
      toast(t('lobby-cannot-join', { error: err.message }));
      refresh();
    }
  }

  async function cancel(/** @type {any} */ table) {
    try {
      await api.cancelTable(table.id);
      toast(t('lobby-table-closed'));
    } catch (err) {
      toast(t('lobby-cannot-close', { error: err.message }));
    }
    refresh();
  }

  function created(/** @type {any} */ { table, invite }) {
    const link = invite ?? table.invite;
    rememberTable(table.id);
    if (link && table.game_id) sessionStorage.setItem(`wari.invite.${table.game_id}`, link);
    if (table.game_id) {
      // The game page shows the invite link while the table waits.
      navigate(`/game/${encodeURIComponent(table.game_id)}`);
      return;
    }
    share.hidden = false;
    fill(share,
      h('h2', { id: 'share-title' }, t('lobby-table-open')),
      link ? shareBox(link) : h('p', {}, t('lobby-table-listed')));
    share.scrollIntoView({ block: 'nearest' });
    refresh();
  }

  async function refresh() {
    clearTimeout(timer);
    try {
      const [data, quick] = await Promise.all([api.tables(), api.pools()]);
      if (gone) return;
      fill(open, openTables(data.open ?? [], join, cancel));
      fill(playing, playingGames(data.playing ?? []));
      pools.update(quick.pools ?? []);
    } catch (err) {
      if (gone) return;
      fill(open, h('p', { class: 'error' }, t('lobby-cannot-load', { error: err.message })));
    }
    if (!gone) timer = window.setTimeout(refresh, document.hidden ? REFRESH_MS * 5 : REFRESH_MS);
  }

  const challenge = new URLSearchParams(location.search).get('challenge');
  const form = tableForm(created, { challenge });
  outlet.append(h('div', { class: 'lobby' },
    h('h1', { class: 'visually-hidden' }, t('lobby-title')),
    pools.element,
    share,
    h('section', { class: 'tables', 'aria-labelledby': 'open-title' }, h('h2', { id: 'open-title' }, t('lobby-open-tables')), open),
    h('section', { class: 'watch', 'aria-labelledby': 'playing-title' }, h('h2', { id: 'playing-title' }, t('lobby-being-played')), playing),
    h('section', { class: 'create' }, form.element)));
  if (challenge) form.element.scrollIntoView({ block: 'start' });

  const off = onSession(form.sync);
  knownSession().catch(() => null).finally(() => {
    if (!gone) refresh();
  });
  return () => {
    gone = true;
    clearTimeout(timer);
    off();
    pools.destroy();
  };
}
