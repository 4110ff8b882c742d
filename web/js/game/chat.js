// @ts-check
// The game's chat: the players' room (for the two players, with a mute
// for the opponent) and the spectators' (hidden from the players until the
// game is over); nothing for the player of a game against the computer.
// The messages so far are read once the game's socket is open and the
// game has started, new ones come over it; sending asks for a name first
// if the browser has none.

import { api } from '../api.js';
import { asSentence, fill, h } from '../dom.js';
import { ensureSession } from '../session.js';
import { t } from '../i18n.js';

/** @type {Record<string, string>} */
const TITLES = { players: 'chat-players', spectators: 'chat-spectators' };

/** @param {import('../game.js').GameContext} ctx */
export function createChat(ctx) {
  /** @type {Record<string, any[] | null>} */
  let rooms = { players: null, spectators: null };
  let muted = false;
  let hideSpectators = localStorage.getItem('wari.hideSpectators') === '1';
  const element = h('section', { class: 'chat', 'aria-labelledby': 'chat-title', hidden: true });

  /** @type {Record<string, HTMLElement>} */
  let logs = {};
  let layout = '';

  /** A room: its log, and the line to write in it. @param {string} room */
  function roomView(room) {
    const id = `chat-${room}`;
    const input = /** @type {HTMLInputElement} */ (h('input', {
      id: `${id}-text`, name: 'text', maxlength: 140, autocomplete: 'off', required: true,
    }));
    const error = h('p', { class: 'form-error', role: 'alert' });
    const form = h('form', { class: 'chat-form' },
      h('label', { for: `${id}-text`, class: 'visually-hidden' }, room === 'players' ? t('chat-message-opponent') : t('chat-message-spectators')),
      input, h('button', { type: 'submit' }, t('chat-send')), error);
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      error.textContent = '';
      try {
        await ensureSession();
        await api.say(ctx.game.id, room, text);
        input.value = '';
      } catch (err) {
        error.textContent = asSentence(err.message);
      }
    });
    const writable = room === 'players' ? Boolean(ctx.game.you) && ctx.game.status !== 'finished' : !ctx.game.you;
    logs[room] = h('ol', { class: 'chat-log', role: 'log', 'aria-live': 'polite', 'aria-labelledby': `${id}-title` });
    return h('div', { class: `chat-room ${room}`, 'data-room': room },
      h('h3', { id: `${id}-title` }, t(TITLES[room])), logs[room], writable ? form : null);
  }

  /** The toggles: mute the opponent (players), hide the spectators (spectators). */
  function toggles() {
    const boxes = [];
    if (ctx.game.you && rooms.players !== null) {
      boxes.push(h('div', { class: 'check' },
        h('input', {
          type: 'checkbox', id: 'mute-opponent', checked: muted,
          onchange: async (/** @type {Event} */ e) => {
            const box = /** @type {HTMLInputElement} */ (e.target);
            try {
              await api.mute(ctx.game.id, box.checked);
              await reload();
            } catch (err) {
              ctx.say(err.message);
            }
          },
        }),
        h('label', { for: 'mute-opponent' }, t('chat-mute-opponent'))));
    }
    if (!ctx.game.you && rooms.spectators !== null) {
      boxes.push(h('div', { class: 'check' },
        h('input', {
          type: 'checkbox', id: 'hide-spectators', checked: hideSpectators,
          onchange: (/** @type {Event} */ e) => {
            hideSpectators = /** @type {HTMLInputElement} */ (e.target).checked;
            localStorage.setItem('wari.hideSpectators', hideSpectators ? '1' : '0');
            layout = '';
            render();
          },
        }),
        h('label', { for: 'hide-spectators' }, t('chat-hide-spectators'))));
    }
    return boxes;
  }

  function render() {
    const readable = Object.keys(rooms).filter((r) => rooms[r] !== null);
    element.hidden = readable.length === 0 && Boolean(ctx.game?.you);
    if (element.hidden) return;
    const shown = readable.filter((r) => !(r === 'spectators' && hideSpectators && !ctx.game.you));
    // The rooms are built again only when which ones show changes: a
    // message being typed stays.
    const key = `${shown.join(',')}|${ctx.game.you}|${ctx.game.status}`;
    if (key === layout) return;
    layout = key;
    logs = {};
    fill(element, h('h2', { id: 'chat-title' }, t('chat-title')), toggles(), shown.map(roomView));
    for (const [room, log] of Object.entries(logs)) {
      const list = rooms[room] ?? [];
      fill(log, list.length ? list.map(line) : h('li', { class: 'empty-list' }, t('chat-empty')));
      log.scrollTop = log.scrollHeight;
    }
  }

  /** @param {any} m */
  const line = (m) => h('li', {}, h('strong', {}, `${m.name}: `), m.text);

  async function reload() {
    // A game waiting for its second player has no chat yet, and may be
    // gone the next moment (a challenge declined deletes its game: the
    // read would be a 404). It is read when the game starts (stateChanged).
    if (!ctx.game || ctx.game.status === 'waiting') return;
    const history = await api.chat(ctx.game.id);
    rooms = { players: history.players, spectators: history.spectators };
    muted = history.muted;
    layout = '';
    render();
  }

  return {
    element,
    /** The socket is open: the messages so far (new ones come over it). */
    connected() {
      reload().catch(() => {});
    },
    /** A chat message from the socket. @param {any} message */
    received(message) {
      const m = message.message;
      if (!m || !rooms[m.room] || rooms[m.room]?.some((old) => old.id === m.id)) return;
      rooms[m.room] = [...(rooms[m.room] ?? []), m];
      const log = logs[m.room];
      if (!log) return;
      log.querySelector('.empty-list')?.remove();
      log.append(line(m));
      log.scrollTop = log.scrollHeight;
    },
    /** The game's state changed (the end opens the spectators' room to the players). @param {any} previous */
    stateChanged(previous) {
      if (previous && previous.status !== ctx.game.status) reload().catch(() => {});
      else if (!previous) render();
    },
  };
}
