// @ts-check
// The archive: finished games, newest first, and the upload of an OGN
// file to replay it.

import { api } from './api.js';
import {
  dateText, h,
} from './dom.js';
import { navigate } from './router.js';
import { reasonText, rulesText, sideName } from './words.js';

const PAGE = 50;

const nameOf = (p, side) => (typeof p?.[side] === 'string' ? p[side] : p?.[side]?.name) || sideName(side);

function resultCell(game) {
  if (game.result === 'draw') return '= Draw';
  if (game.result === 'S' || game.result === 'N') return `★ ${sideName(game.result)} won`;
  return game.result ?? '';
}

function row(game) {
  const loser = game.result === 'S' ? nameOf(game.players, 'N') : game.result === 'N' ? nameOf(game.players, 'S') : null;
  return h('tr', { 'data-game': game.id },
    h('td', {}, dateText(game.finished_at)),
    h('td', {}, nameOf(game.players, 'S')),
    h('td', {}, nameOf(game.players, 'N')),
    h('td', {}, resultCell(game)),
    h('td', { class: 'number' }, (game.score ?? '').replace('-', '–')),
    h('td', {}, reasonText(game.reason, { loser })),
    h('td', {}, rulesText(game.rules)),
    h('td', { class: 'number' }, game.moves_count ?? ''),
    h('td', {}, h('a', { href: `/replay/${encodeURIComponent(game.id)}`, 'aria-label': `Replay ${nameOf(game.players, 'S')} against ${nameOf(game.players, 'N')}` }, 'Replay')));
}

function uploadForm() {
  const input = h('input', {
    type: 'file', id: 'ogn-file', name: 'ogn', accept: '.ogn,.txt,text/plain', required: true,
  });
  const message = h('p', { class: 'form-error', role: 'alert' });
  const form = h('form', { class: 'upload', 'aria-labelledby': 'upload-title' },
    h('h2', { id: 'upload-title' }, 'Replay a game from a file'),
    h('label', { for: 'ogn-file' }, 'An OGN record (the format wari and Aualé save games in)'),
    input,
    h('button', { type: 'submit', class: 'primary' }, 'Upload and replay'),
    message);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    message.textContent = '';
    const file = input.files?.[0];
    if (!file) {
      message.textContent = 'Choose a file first.';
      return;
    }
    try {
      const { game_id: id } = await api.upload(await file.text());
      navigate(`/replay/${encodeURIComponent(id)}`);
    } catch (err) {
      message.textContent = `This file cannot be replayed: ${err.message}.`;
    }
  });
  return form;
}

export function mountArchive(outlet) {
  let gone = false;
  let last = null;
  const body = h('tbody');
  const status = h('p', { 'aria-live': 'polite' }, 'Loading…');
  const more = h('button', { type: 'button', hidden: true, onclick: () => load() }, 'Older games');
  const table = h('table', { class: 'list archive', hidden: true },
    h('caption', { class: 'visually-hidden' }, 'Finished games'),
    h('thead', {}, h('tr', {}, ['Finished', 'South', 'North', 'Result', 'Seeds', 'How it ended', 'Rules', 'Moves', 'Replay']
      .map((t) => h('th', { scope: 'col' }, t)))),
    body);

  async function load() {
    try {
      const data = await api.archive({ before: last, limit: PAGE });
      if (gone) return;
      const games = Array.isArray(data) ? data : data.games ?? [];
      for (const game of games) body.append(row(game));
      last = games.length ? games[games.length - 1].id : last;
      table.hidden = body.childElementCount === 0;
      status.textContent = body.childElementCount === 0 ? 'No game has finished yet.' : '';
      more.hidden = games.length < PAGE;
    } catch (err) {
      if (!gone) status.textContent = `The archive cannot be loaded: ${err.message}.`;
    }
  }

  outlet.append(h('div', { class: 'archive-page' },
    h('h1', {}, 'Finished games'),
    status, h('div', { class: 'table-scroll' }, table), more,
    uploadForm()));
  load();
  return () => { gone = true; };
}

