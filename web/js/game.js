// @ts-check
// The game page: the board between the two players, the status line, the
// offers and actions, the result, the moves, and the live connection.
// Each part is its own module under game/; this one holds the state they
// share (the GameContext) and hands each new state to them.

import { api } from './api.js';
import { animationSpeed, setAnimationSpeed, SPEEDS } from './board.js';
import { asSentence, h, timeControlText } from './dom.js';
import { t } from './i18n.js';
import { refreshTurns } from './header.js';
import { navigate } from './router.js';
import { parsePosition } from './rules.js';
import { knownSession } from './session.js';
import { poolText, rulesText } from './words.js';
import { createChat } from './game/chat.js';
import { createControls } from './game/controls.js';
import { createInvite } from './game/invite.js';
import { createMoveList } from './game/moves.js';
import { createOffers } from './game/offers.js';
import { createPlay } from './game/play.js';
import { createBanner, playerText } from './game/result.js';
import { createSeats } from './game/seats.js';
import { connectGame } from './game/socket.js';

/** @type {Record<string, string>} The sowing animation's speeds (board.js), in words. */
const SPEED_KEYS = {
  off: 'animation-off', fast: 'animation-fast', normal: 'animation-normal', slow: 'animation-slow',
};

/**
 * What the parts of the game page share.
 * @typedef {object} GameContext
 * @property {any} game the server's latest state (GAME, docs/API.md)
 * @property {any} position its position, parsed by rules.js
 * @property {{letter: string, ply: number, after?: any} | null} pending our move sent and not yet seen back
 * @property {(message: any) => void} send sends a player's message (move, offer, …)
 * @property {(text: string) => void} say the notice under the status line ('' clears it)
 * @property {() => void} refresh draws the status line again
 */

/**
 * @param {HTMLElement} outlet
 * @param {{id: string}} params
 */
export function mountGame(outlet, { id }) {
  /** @type {ReturnType<typeof connectGame> | null} */
  let conn = null;
  let gone = false;

  const status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' }, t('game-loading'));
  const notice = h('p', { class: 'notice', 'aria-live': 'assertive' });
  /** @type {GameContext} */
  const ctx = {
    game: null,
    position: null,
    pending: null,
    send: (message) => conn?.send(message),
    say: (text) => { notice.textContent = text; },
    refresh: renderStatus,
  };

  const play = createPlay(ctx);
  const seats = createSeats(ctx);
  const banner = createBanner(ctx);
  const invite = createInvite(ctx);
  const offers = createOffers(ctx);
  const controls = createControls(ctx);
  const moves = createMoveList(ctx);
  const chat = createChat(ctx);
  const info = h('p', { class: 'game-info' });
  const speed = /** @type {HTMLSelectElement} */ (h('select', {
    id: 'speed',
    onchange: () => setAnimationSpeed(speed.value),
  }, Object.keys(SPEEDS).map((s) => h('option', { value: s, selected: s === animationSpeed() }, SPEED_KEYS[s] ? t(SPEED_KEYS[s]) : s))));

  const page = h('section', { class: 'game-page', 'aria-labelledby': 'game-title' },
    h('h1', { id: 'game-title', class: 'visually-hidden' }, t('game-title')),
    h('div', { class: 'play-area' }, seats.top, play.element, seats.bottom),
    h('aside', { class: 'panel' },
      status, banner.element, notice, invite.element, offers.element, controls.element,
      h('h2', {}, t('game-moves')), moves.element, info,
      h('p', { class: 'setting' }, h('label', { for: 'speed' }, t('game-sowing-animation')), ' ', speed),
      chat.element));
  outlet.append(page);

  /** @param {any} next */
  function onState(next) {
    if (gone) return;
    const previous = ctx.game;
    let position;
    try {
      position = parsePosition(next.position, next.rules);
    } catch (err) {
      ctx.say(t('game-position-unreadable', { error: err.message }));
      return;
    }
    ctx.game = next;
    ctx.position = position;
    // A refusal or an error is about the position it was made in.
    if (previous && (next.moves.length !== previous.moves.length || next.status !== previous.status)) ctx.say('');
    offers.noteChange(previous, next);
    play.show(previous);
    seats.sync();
    render();
    chat.stateChanged(previous);
    // Our move (or the game's end) leaves one game fewer waiting for us:
    // the header's count follows (the event stream tells only the player
    // whose turn it becomes).
    if (previous && next.you && previous.to_move === next.you
      && (next.to_move !== next.you || next.status !== previous.status)) refreshTurns();
    // Both players asked for the rematch: take them to it.
    if (previous && !previous.rematch_game_id && next.rematch_game_id && next.you) {
      navigate(`/game/${encodeURIComponent(next.rematch_game_id)}`);
    }
  }

  function render() {
    seats.render();
    renderStatus();
    banner.render();
    invite.render();
    offers.render();
    controls.render();
    moves.render();
    const kind = ctx.game.rated ? t('game-rated-pool', { pool: poolText(ctx.game.pool) }) : t('game-casual');
    info.textContent = `${rulesText(ctx.game.rules)} · ${timeControlText(ctx.game.clock)} · ${kind}`;
  }

  function renderStatus() {
    const { game, pending } = ctx;
    let text;
    if (game.status === 'waiting') text = t('status-waiting');
    else if (game.status === 'finished') text = t('status-over');
    else if (pending) text = t('status-you-played', { pit: pending.letter });
    else if (game.you && game.to_move === game.you) text = t('status-your-turn');
    else if (game.you) text = t('status-to-move', { player: playerText(game, game.to_move) });
    else text = t('status-watching', { player: playerText(game, game.to_move) });
    if (status.textContent !== text) status.textContent = text;
    document.title = `${game.you && game.to_move === game.you && game.status === 'playing' ? t('title-your-turn') : ''}wari`;
  }

  (async () => {
    // Watching needs no name: the session is used if this browser has one.
    try {
      await knownSession();
    } catch {
      // Watch as a spectator.
    }
    if (gone) return;
    try {
      onState(await api.game(id));
    } catch (err) {
      status.textContent = err.status === 404 ? t('game-not-found') : t('game-cannot-load', { error: err.message });
      return;
    }
    conn = connectGame(id, {
      onState,
      onError: (message) => {
        play.refused();
        ctx.say(asSentence(message));
        renderStatus();
      },
      onLink: (up) => {
        page.classList.toggle('offline', !up);
        if (up) chat.connected();
      },
      onMessage: (message) => {
        if (message.type === 'chat') chat.received(message);
      },
    });
  })();

  return () => {
    gone = true;
    seats.destroy();
    controls.destroy();
    play.destroy();
    conn?.close();
    document.title = 'wari';
  };
}
