// @ts-check
// The lobby: open tables to join, games being played to watch, and the
// form that creates a table (every rule option, who starts, the computer
// or a person, the time control), with the invite link to share.

import { api } from './api.js';
import {
  fill, h, movesText, timeControlText,
} from './dom.js';
import { shareBox } from './game/invite.js';
import { navigate } from './router.js';
import { parseRules, rulesString } from './rules.js';
import { ensureSession, toast } from './session.js';
import { rulesText, sideName } from './words.js';

const REFRESH_MS = 3000;

const VARIANTS = [
  ['abapa', 'Oware, abapa', 'the international rules: a grand slam captures nothing'],
  ['wari', 'Oware, wari', 'a grand slam is forbidden unless it is the only move, then it ends the game'],
  ['warri', 'Oware, warri', 'a grand slam takes the whole row and the same player moves again'],
  ['kalah', 'Kalah', 'stores, an extra move when the last seed lands in your store'],
];

const CLOCKS = [
  ['none', 'No clock', null],
  ['3+2', '3 min + 2 s', { initial_s: 180, increment_s: 2 }],
  ['7+3', '7 min + 3 s', { initial_s: 420, increment_s: 3 }],
  ['20+10', '20 min + 10 s', { initial_s: 1200, increment_s: 10 }],
  ['custom', 'Custom', null],
];

const radio = (name, value, label, checked, hint) => {
  const id = `${name}-${value}`;
  return h('div', { class: 'choice' },
    h('input', {
      type: 'radio', name, value, id, checked,
    }),
    h('label', { for: id }, h('span', { class: 'choice-name' }, label), hint ? h('span', { class: 'hint' }, ` — ${hint}`) : null));
};

const numberSelect = (id, from, to, value) => h('select', { id, name: id },
  Array.from({ length: to - from + 1 }, (_, k) => from + k)
    .map((n) => h('option', { value: n, selected: n === value }, String(n))));

function tableForm(onCreated) {
  const form = h('form', { class: 'new-table', 'aria-labelledby': 'new-table-title' },
    h('h2', { id: 'new-table-title' }, 'New table'),
    h('fieldset', {},
      h('legend', {}, 'Rules'),
      VARIANTS.map(([value, label, hint]) => radio('variant', value, label, value === 'abapa', hint)),
      h('div', { class: 'inline-fields' },
        h('label', { for: 'pits' }, 'Pits a row ', numberSelect('pits', 1, 6, 6)),
        h('label', { for: 'seeds' }, 'Seeds a pit ', numberSelect('seeds', 1, 12, 4))),
      h('div', { class: 'oware-only inline-fields' },
        h('label', { for: 'cycle' }, 'A repeated position ends the game ',
          h('select', { id: 'cycle', name: 'cycle' },
            h('option', { value: '2' }, 'the 2nd time, each takes their own row'),
            h('option', { value: '3' }, 'the 3rd time, each takes their own row'),
            h('option', { value: 'even' }, 'the 2nd time, the seeds left shared evenly'))),
        h('div', { class: 'check' }, h('input', { type: 'checkbox', id: 'playout', name: 'playout' }),
          h('label', { for: 'playout' }, 'Play out to the end (no win at more than half)'))),
      h('div', { class: 'kalah-only check' },
        h('input', {
          type: 'checkbox', id: 'empty-capture', name: 'empty-capture', checked: true,
        }),
        h('label', { for: 'empty-capture' }, 'Capture with the last seed in an empty own pit even when the opposite pit is empty')),
      h('p', { class: 'rules-string' }, 'Rules string: ', h('code', { id: 'rules-string' }, 'abapa'))),
    h('fieldset', {},
      h('legend', {}, 'You play'),
      radio('starts', 'S', 'South', true, 'moves first'),
      radio('starts', 'N', 'North', false, 'moves second'),
      radio('starts', 'random', 'Random', false)),
    h('fieldset', {},
      h('legend', {}, 'Opponent'),
      radio('opponent', 'computer', 'The computer', true),
      h('div', { class: 'computer-only inline-fields' },
        h('label', { for: 'level' }, 'Level (1 weakest, 10 strongest) ', numberSelect('level', 1, 10, 3))),
      radio('opponent', 'human', 'A person', false),
      h('div', { class: 'human-only' },
        radio('visibility', 'public', 'Public table', true, 'listed in the lobby for anyone to join'),
        radio('visibility', 'private', 'Private', false, 'only with the invite link'))),
    h('fieldset', {},
      h('legend', {}, 'Time control'),
      h('div', { class: 'clock-choices' }, CLOCKS.map(([value, label]) => radio('clock', value, label, value === 'none'))),
      h('div', { class: 'custom-only inline-fields' },
        h('label', { for: 'minutes' }, 'Minutes ', h('input', {
          type: 'number', id: 'minutes', name: 'minutes', min: 0.5, max: 180, step: 0.5, value: 10, inputmode: 'decimal',
        })),
        h('label', { for: 'increment' }, 'Seconds added a move ', h('input', {
          type: 'number', id: 'increment', name: 'increment', min: 0, max: 180, step: 1, value: 5, inputmode: 'numeric',
        })))),
    h('p', { class: 'form-error', role: 'alert' }),
    h('button', { type: 'submit', class: 'primary', id: 'create-table' }, 'Create the table'));

  const value = (name) => form.elements[name].value;
  const rulesFromForm = () => {
    const variant = value('variant');
    const parts = [variant];
    if (value('pits') !== '6') parts.push(`pits=${value('pits')}`);
    if (value('seeds') !== '4') parts.push(`seeds=${value('seeds')}`);
    if (variant === 'kalah') {
      if (!form.elements['empty-capture'].checked) parts.push('empty-capture=off');
    } else {
      if (value('cycle') !== '2') parts.push(`cycle=${value('cycle')}`);
      if (form.elements.playout.checked) parts.push('playout');
    }
    return rulesString(parseRules(parts.join(',')));
  };
  const sync = () => {
    const kalah = value('variant') === 'kalah';
    form.querySelector('.oware-only').hidden = kalah;
    form.querySelector('.kalah-only').hidden = !kalah;
    form.querySelector('.computer-only').hidden = value('opponent') !== 'computer';
    form.querySelector('.human-only').hidden = value('opponent') !== 'human';
    form.querySelector('.custom-only').hidden = value('clock') !== 'custom';
    form.querySelector('#rules-string').textContent = rulesFromForm();
  };
  form.addEventListener('change', sync);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const error = form.querySelector('.form-error');
    error.textContent = '';
    let clock = CLOCKS.find(([v]) => v === value('clock'))[2];
    if (value('clock') === 'custom') {
      const minutes = Number(value('minutes'));
      const increment = Number(value('increment'));
      if (!(minutes > 0) || !(increment >= 0)) {
        error.textContent = 'Give the clock a positive number of minutes and seconds added a move.';
        return;
      }
      clock = { initial_s: Math.round(minutes * 60), increment_s: Math.round(increment) };
    }
    const opponent = value('opponent') === 'computer'
      ? { kind: 'computer', level: Number(value('level')) }
      : { kind: 'human', private: value('visibility') === 'private' };
    const button = form.querySelector('#create-table');
    button.disabled = true;
    try {
      await ensureSession();
      const created = await api.createTable({
        rules: rulesFromForm(), starts: value('starts'), opponent, clock,
      });
      onCreated(created);
    } catch (err) {
      error.textContent = `The table was not created: ${err.message}.`;
    } finally {
      button.disabled = false;
    }
  });
  sync();
  return form;
}

const nameOf = (who) => (typeof who === 'string' ? who : who?.name ?? '');

const creatorOf = (table) => nameOf(table.creator);

const myTables = () => JSON.parse(sessionStorage.getItem('wari.tables') ?? '[]');
const rememberTable = (id) => sessionStorage.setItem('wari.tables', JSON.stringify([...myTables(), id].slice(-20)));

function openTables(list, onJoin) {
  if (!list.length) return h('p', { class: 'empty-list' }, 'No open table. Create one below, or play the computer.');
  return h('table', { class: 'list open-tables' },
    h('caption', { class: 'visually-hidden' }, 'Open tables'),
    h('thead', {}, h('tr', {},
      h('th', { scope: 'col' }, 'Created by'),
      h('th', { scope: 'col' }, 'Rules'),
      h('th', { scope: 'col' }, 'Clock'),
      h('th', { scope: 'col' }, 'You would play'),
      h('th', { scope: 'col' }, h('span', { class: 'visually-hidden' }, 'Action')))),
    h('tbody', {}, list.map((table) => {
      // The server shows the invite link to the table's creator only; a
      // public table may have none, so this browser remembers its own.
      const mine = Boolean(table.invite) || myTables().includes(table.id);
      const theirs = table.creator?.side ?? table.starts;
      const seat = theirs === 'S' ? 'North' : theirs === 'N' ? 'South' : 'South or North';
      const action = mine
        ? (table.game_id ? h('a', { href: `/game/${encodeURIComponent(table.game_id)}` }, 'Your table: open') : h('span', {}, 'Your table'))
        : h('button', { type: 'button', class: 'primary', onclick: () => onJoin(table) }, 'Join');
      return h('tr', { 'data-table': table.id },
        h('td', {}, creatorOf(table) || '—'),
        h('td', {}, rulesText(table.rules)),
        h('td', {}, timeControlText(table.clock)),
        h('td', {}, seat),
        h('td', {}, action));
    })));
}

function playingGames(list) {
  if (!list.length) return h('p', { class: 'empty-list' }, 'No game is being played right now.');
  return h('ul', { class: 'playing' }, list.map((game) => {
    const p = game.players ?? {};
    const name = (side) => nameOf(p[side]) || sideName(side);
    return h('li', { 'data-game': game.id },
      h('a', { href: `/game/${encodeURIComponent(game.id)}` },
        `${name('S')} – ${name('N')}`),
      h('span', { class: 'meta' }, [
        '', rulesText(game.rules),
        game.clock !== undefined ? timeControlText(game.clock) : null,
        game.moves_count !== undefined ? movesText(game.moves_count) : null, '',
      ].filter((part) => part !== null).join(' · ')),
      h('a', { href: `/game/${encodeURIComponent(game.id)}`, 'aria-label': `Watch ${name('S')} against ${name('N')}` }, 'Watch'));
  }));
}

export function mountLobby(outlet) {
  let timer = null;
  let gone = false;
  const open = h('div', { 'aria-live': 'polite' }, h('p', {}, 'Loading…'));
  const playing = h('div', {}, h('p', {}, 'Loading…'));
  const share = h('section', { class: 'share-section', hidden: true, 'aria-labelledby': 'share-title' });

  async function join(table) {
    try {
      await ensureSession();
      const { game_id: id } = await api.joinTable(table.id);
      navigate(`/game/${encodeURIComponent(id)}`);
    } catch (err) {
      toast(`You cannot join this table: ${err.message}.`);
      refresh();
    }
  }

  function created({ table, invite }) {
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
      const data = await api.tables();
      if (gone) return;
      fill(open, openTables(data.open ?? [], join));
      fill(playing, playingGames(data.playing ?? []));
    } catch (err) {
      if (gone) return;
      fill(open, h('p', { class: 'error' }, `The tables cannot be loaded: ${err.message}.`));
    }
    if (!gone) timer = setTimeout(refresh, document.hidden ? REFRESH_MS * 5 : REFRESH_MS);
  }

  outlet.append(h('div', { class: 'lobby' },
    h('h1', { class: 'visually-hidden' }, 'Lobby'),
    share,
    h('section', { class: 'tables', 'aria-labelledby': 'open-title' }, h('h2', { id: 'open-title' }, 'Open tables'), open),
    h('section', { class: 'watch', 'aria-labelledby': 'playing-title' }, h('h2', { id: 'playing-title' }, 'Being played'), playing),
    h('section', { class: 'create' }, tableForm(created))));

  ensureSession().then(() => {
    if (!gone) refresh();
  }).catch(() => refresh());
  return () => {
    gone = true;
    clearTimeout(timer);
  };
}
