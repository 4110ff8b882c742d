// @ts-check
// The board of the game page: your move sown as soon as you choose it and
// sent, the server's states shown (each new move sown, yours first and
// then the reply), why a pit cannot be played, and the letter keys.

import { createBoard } from '../board.js';
import { parsePosition, pitLetter, play } from '../rules.js';
import { refusalText } from '../refusal.js';
import { t } from '../i18n.js';
import { beep } from '../sound.js';
import { sideName } from '../words.js';

/** @param {import('../game.js').GameContext} ctx */
export function createPlay(ctx) {
  const board = createBoard({
    onPlay: sendMove,
    onRefuse: refuse,
    onSkip: () => ctx.say(t('refuse-caught-up')),
  });

  function legalForMe() {
    const { game, pending } = ctx;
    if (!game || pending || game.status !== 'playing' || !game.you || game.to_move !== game.you) return [];
    return game.legal ?? [];
  }

  /**
   * What the board shows of a state.
   * @param {any} g
   * @param {any} position
   */
  function view(g, position) {
    return {
      position,
      legal: g === ctx.game ? legalForMe() : [],
      flipped: ctx.game?.you === 'N',
      lastMove: g.last_move ?? null,
    };
  }

  /** @param {string} letter */
  function refuse(letter) {
    const { game, position, pending } = ctx;
    if (!game) return;
    let why;
    if (game.status === 'finished') why = t('refuse-over');
    else if (game.status === 'waiting') why = t('refuse-waiting');
    else if (!game.you) why = t('refuse-watching');
    else if (pending) why = t('refuse-pending');
    else if (game.to_move !== game.you) why = t('refuse-turn', { side: sideName(game.to_move) });
    else why = refusalText(position, letter);
    ctx.say(why);
  }

  /** Sows your move at once and sends it; the server's state confirms it. @param {string} letter */
  function sendMove(letter) {
    const { game } = ctx;
    if (!game) return;
    const ply = game.moves.length;
    ctx.say('');
    /** @type {{letter: string, ply: number, after?: any}} */
    const pending = { letter, ply };
    ctx.pending = pending;
    try {
      const before = ctx.position;
      const step = play(before, letter);
      pending.after = step.position;
      const m = before.rules.pits;
      board.update({
        position: step.position,
        legal: [],
        flipped: game.you === 'N',
        lastMove: { move: letter, captured_pits: step.captures.map((/** @type {number} */ k) => pitLetter(k, m)), seeds: step.taken },
      }, { from: before });
    } catch {
      // The server will say why.
    }
    beep();
    ctx.send({ type: 'move', move: letter, ply });
    ctx.refresh();
  }

  /**
   * Shows the state just received (ctx.game, ctx.position are set) after
   * `previous`; sows what is new.
   * @param {any} previous
   */
  function show(previous) {
    const next = ctx.game;
    const { position } = ctx;
    const grew = previous && next.moves.length === previous.moves.length + 1
      && previous.moves.every((/** @type {string} */ m, /** @type {number} */ i) => next.moves[i] === m);
    const { pending } = ctx;
    const mineSeen = pending && next.moves.length > pending.ply && next.moves[pending.ply] === pending.letter;
    if (pending && (mineSeen || next.moves.length !== pending.ply || next.status !== 'playing')) ctx.pending = null;
    const capture = () => beep({ capture: (next.last_move?.seeds ?? 0) > 0 });
    if (pending && mineSeen && next.moves.length === pending.ply + 1) {
      // Our own move, already being sown on screen.
      board.update(view(next, position), { keep: true });
    } else if (pending?.after && mineSeen && next.moves.length === pending.ply + 2) {
      // Our move and the reply came together: the reply is sown after ours.
      board.update(view(next, position), { from: pending.after });
      capture();
    } else if (grew) {
      let from = null;
      try {
        from = parsePosition(previous.position, previous.rules);
      } catch {
        from = null;
      }
      board.update(view(next, position), { from });
      capture();
    } else {
      board.update(view(next, position));
    }
  }

  /** The server refused what we sent: the board shows its state again. */
  function refused() {
    ctx.pending = null;
    if (ctx.game) board.update(view(ctx.game, ctx.position));
  }

  /**
   * The letters A–F choose your own pit of that column (a–f for North).
   * @param {KeyboardEvent} event
   */
  function onKey(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const target = /** @type {Element | null} */ (event.target);
    if (target?.closest?.('input, select, textarea, dialog')) return;
    const { game, position } = ctx;
    if (!game || !position || event.key.length !== 1) return;
    const col = event.key.toLowerCase().charCodeAt(0) - 97;
    const m = position.rules.pits;
    if (col < 0 || col >= m) return;
    event.preventDefault();
    const side = game.you ?? game.to_move;
    const letter = pitLetter((side === 'S' ? 0 : m) + col, m);
    const button = board.pitButton(letter);
    button?.focus();
    button?.click();
  }

  document.addEventListener('keydown', onKey);
  return {
    element: board.element,
    show,
    refused,
    destroy() {
      document.removeEventListener('keydown', onKey);
      board.destroy();
    },
  };
}
