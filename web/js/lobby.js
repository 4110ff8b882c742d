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
import { poolText, rulesText, sideName } from './words.js';

const REFRESH_MS = 3000;

const nameOf = (/** @type {any} */ who) => (typeof who === 'string' ? who : who?.name ?? '');

const myTables = () => JSON.parse(sessionStorage.getItem('wari.tables') ?? '[]');
const rememberTable = (/** @type {string} */ id) => sessionStorage.setItem('wari.tables', JSON.stringify([...myTables(), id].slice(-20)));

/**
 * @param {any[]} list
 * @param {(table: any) => void} onJoin
 * @param {(table: any) => void} onCancel
 */
function openTables(list, onJoin, onCancel) {
  if (!list.length) return h('p', { class: 'empty-list' }, 'No open table. Create one below, or play the computer.');
  return h('ul', { class: 'open-tables', 'aria-label': 'Open tables' }, list.map((table) => {
    // The server shows the invite link to the table's creator only; a
    // public table may have none, so this browser remembers its own.
    const mine = Boolean(table.yours) || myTables().includes(table.id);
    const theirs = table.creator?.side;
    const seat = theirs === 'S' ? 'North' : theirs === 'N' ? 'South' : 'South or North';
    const kind = [
      rulesText(table.rules),
      timeControlText(table.clock),
      table.rated ? 'rated' : 'casual',
      table.rating_range ? `for ${table.rating_range[0]}–${table.rating_range[1]}` : null,
      `you would play ${seat}`,
    ].filter(Boolean).join(' · ');
    const action = mine
      ? [h('a', { href: `/game/${encodeURIComponent(table.game_id)}` }, 'Your table: open'), ' ',
        h('button', { type: 'button', onclick: () => onCancel(table) }, 'Cancel')]
      : h('button', { type: 'button', class: 'primary', onclick: () => onJoin(table) }, 'Join');
    return h('li', { class: 'table-item', 'data-table': table.id },
      h('p', { class: 'players' }, nameOf(table.creator) || '—'),
      h('p', { class: 'meta' }, kind),
      h('p', { class: 'actions' }, action));
  }));
}

/** @param {any[]} list */
function playingGames(list) {
  if (!list.length) return h('p', { class: 'empty-list' }, 'No game is being played right now.');
  return h('ul', { class: 'playing' }, list.map((game) => {
    const p = game.players ?? {};
    const name = (/** @type {string} */ side) => nameOf(p[side]) || sideName(side);
    return h('li', { 'data-game': game.id },
      h('p', { class: 'players' }, playerCell(p.S, 'S'), ' – ', playerCell(p.N, 'N')),
      h('span', { class: 'meta' }, [
        rulesText(game.rules),
        game.clock !== undefined ? timeControlText(game.clock) : null,
        game.rated ? `rated ${poolText(game.pool).split(', ')[1] ?? ''}`.trim() : null,
        game.moves_count !== undefined ? movesText(game.moves_count) : null,
      ].filter((part) => part !== null).join(' · ')), ' ',
      h('a', { href: `/game/${encodeURIComponent(game.id)}`, 'aria-label': `Watch ${name('S')} against ${name('N')}` }, 'Watch'));
  }));
}

/** @param {HTMLElement} outlet */
export function mountLobby(outlet) {
  /** @type {number | undefined} */
  let timer;
  let gone = false;
  const open = h('div', { 'aria-live': 'polite' }, h('p', {}, 'Loading…'));
  const playing = h('div', {}, h('p', {}, 'Loading…'));
  const share = h('section', { class: 'share-section', hidden: true, 'aria-labelledby': 'share-title' });
  const pools = createPools((id) => navigate(`/game/${encodeURIComponent(id)}`));

  async function join(/** @type {any} */ table) {
    try {
      await ensureSession();
      const { game_id: id } = await api.joinTable(table.id);
      navigate(`/game/${encodeURIComponent(id)}`);
    } catch (err) {
      toast(`You cannot join this table: ${err.message}.`);
      refresh();
    }
  }

  async function cancel(/** @type {any} */ table) {
    try {
      await api.cancelTable(table.id);
      toast('Your table is closed.');
    } catch (err) {
      toast(`The table cannot be closed: ${err.message}.`);
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
      h('h2', { id: 'share-title' }, 'Your table is open'),
      link ? shareBox(link) : h('p', {}, 'It is listed under open tables for anyone to join.'));
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
      fill(open, h('p', { class: 'error' }, `The tables cannot be loaded: ${err.message}.`));
    }
    if (!gone) timer = window.setTimeout(refresh, document.hidden ? REFRESH_MS * 5 : REFRESH_MS);
  }

  const challenge = new URLSearchParams(location.search).get('challenge');
  const form = tableForm(created, { challenge });
  outlet.append(h('div', { class: 'lobby' },
    h('h1', { class: 'visually-hidden' }, 'Lobby'),
    pools.element,
    share,
    h('section', { class: 'tables', 'aria-labelledby': 'open-title' }, h('h2', { id: 'open-title' }, 'Open tables'), open),
    h('section', { class: 'watch', 'aria-labelledby': 'playing-title' }, h('h2', { id: 'playing-title' }, 'Being played'), playing),
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
