// @ts-check
// The archive: finished games, newest first (all, or a player's), and the
// upload of an OGN file to replay it.

import { api } from './api.js';
import { h } from './dom.js';
import { gameItem } from './games-list.js';
import { navigate } from './router.js';
import { t } from './i18n.js';

const PAGE = 50;

function uploadForm() {
  const input = h('input', {
    type: 'file', id: 'ogn-file', name: 'ogn', accept: '.ogn,.txt,text/plain', required: true,
  });
  const message = h('p', { class: 'form-error', role: 'alert' });
  const form = h('form', { class: 'upload', 'aria-labelledby': 'upload-title' },
    h('h2', { id: 'upload-title' }, t('archive-upload-title')),
    h('label', { for: 'ogn-file' }, t('archive-upload-file')),
    input,
    h('button', { type: 'submit', class: 'primary' }, t('archive-upload')),
    message);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    message.textContent = '';
    const file = input.files?.[0];
    if (!file) {
      message.textContent = t('archive-choose-file');
      return;
    }
    try {
      const { game_id: id } = await api.upload(await file.text());
      navigate(`/replay/${encodeURIComponent(id)}`);
    } catch (err) {
      message.textContent = t('archive-cannot-replay', { error: err.message });
    }
  });
  return form;
}

/** @param {HTMLElement} outlet */
export function mountArchive(outlet) {
  let gone = false;
  /** @type {string | null} */
  let last = null;
  const player = new URLSearchParams(location.search).get('player') ?? '';
  const body = h('ul', { class: 'game-list', 'aria-label': t('archive-finished'), hidden: true });
  const status = h('p', { 'aria-live': 'polite' }, t('loading'));
  const more = h('button', { type: 'button', hidden: true, onclick: () => load() }, t('archive-older'));
  const filter = /** @type {HTMLFormElement} */ (h('form', { class: 'filters', role: 'search', 'aria-label': t('archive-of-a-player') },
    h('label', { for: 'archive-player' }, t('archive-of-the-player')), ' ',
    h('input', {
      id: 'archive-player', name: 'player', value: player, maxlength: 24, autocomplete: 'off',
    }),
    h('button', { type: 'submit' }, t('player-show')),
    player ? h('a', { href: '/archive' }, t('archive-all')) : null));
  filter.addEventListener('submit', (event) => {
    event.preventDefault();
    const name = String(new FormData(filter).get('player') ?? '').trim();
    navigate(name ? `/archive?player=${encodeURIComponent(name)}` : '/archive');
  });

  async function load() {
    try {
      const data = await api.archive({ before: last ?? undefined, limit: PAGE, player: player || undefined });
      if (gone) return;
      const games = Array.isArray(data) ? data : data.games ?? [];
      for (const game of games) body.append(gameItem(game));
      last = games.length ? games[games.length - 1].id : last;
      body.hidden = body.childElementCount === 0;
      status.textContent = body.childElementCount === 0 ? (player ? t('archive-none-of', { player }) : t('archive-none')) : '';
      more.hidden = games.length < PAGE;
    } catch (err) {
      if (!gone) status.textContent = t('archive-cannot-load', { error: err.message });
    }
  }

  outlet.append(h('div', { class: 'archive-page' },
    h('h1', {}, player ? t('archive-finished-of', { player }) : t('archive-finished')),
    filter, status, body, more,
    uploadForm()));
  load();
  return () => { gone = true; };
}
