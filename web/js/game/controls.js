// @ts-check
// What a player may do in a game: offer to end by the cycle rule, ask to
// take back, claim the game when the opponent is away, abort before both
// players have moved, then resign (a second click confirms); in a tournament game, berserk before one's first move
// (no takebacks there); after the end, the rematch (not in a tournament:
// it pairs the next game itself).

import { fill, h } from '../dom.js';
import { isKalah, opposite } from '../rules.js';
import { t } from '../i18n.js';

/** @param {import('../game.js').GameContext} ctx */
export function createControls(ctx) {
  const element = h('div', { class: 'controls' });
  /** @type {number | null} */
  let resignArmed = null;

  /** @param {string} kind */
  const offered = (kind) => (ctx.game.offers ?? []).some((/** @type {any} */ o) => o.kind === kind && o.by === ctx.game.you);

  /**
   * @param {string} label
   * @param {() => void} onclick
   * @param {Record<string, any>} [attrs]
   */
  const button = (label, onclick, attrs = {}) => h('button', { type: 'button', onclick, ...attrs }, label);

  function playing() {
    const { game, position } = ctx;
    const buttons = [];
    if (!isKalah(position.rules)) {
      buttons.push(button(t('control-offer-cycle'), () => ctx.send({ type: 'offer', kind: 'cycle' }), { disabled: offered('cycle') }));
    }
    const opponent = game.players?.[opposite(game.you)];
    // The computer declines takebacks; a takeback undoes one of your moves.
    const mine = game.moves.some((/** @type {string} */ letter) => (letter === letter.toUpperCase() ? 'S' : 'N') === game.you);
    if (game.tournament && !mine && game.clock && !game.players?.[game.you]?.berserk) {
      buttons.push(button(t('control-berserk'), () => ctx.send({ type: 'berserk' }), { class: 'berserk' }));
    }
    if (opponent?.kind !== 'computer' && !game.tournament) {
      buttons.push(button(t('control-takeback'), () => ctx.send({ type: 'offer', kind: 'takeback' }), { disabled: offered('takeback') || !mine }));
    }
    if (opponent && opponent.kind !== 'computer' && opponent.connected === false && !game.clock?.days) {
      buttons.push(button(t('control-claim'), () => ctx.send({ type: 'claim' })));
    }
    // Before both players have moved, a game (not a tournament's) is
    // aborted, with no result, as lichess has it; then it is resigned.
    const both = game.moves.some((/** @type {string} */ l) => l === l.toUpperCase())
      && game.moves.some((/** @type {string} */ l) => l === l.toLowerCase());
    if (!both && !game.tournament) {
      buttons.push(button(t('control-abort'), () => ctx.send({ type: 'abort' }), { class: 'abort' }));
      return buttons;
    }
    buttons.push(button(resignArmed ? t('control-resign-confirm') : t('control-resign'), () => {
      if (resignArmed) {
        clearTimeout(resignArmed);
        resignArmed = null;
        ctx.send({ type: 'resign' });
      } else {
        resignArmed = window.setTimeout(() => { resignArmed = null; render(); }, 4000);
      }
      render();
    }, { class: resignArmed ? 'danger armed' : 'danger' }));
    return buttons;
  }

  function finished() {
    const { game } = ctx;
    if (game.rematch_game_id) {
      return [h('a', { class: 'button primary', href: `/game/${encodeURIComponent(game.rematch_game_id)}` }, t('control-go-to-rematch'))];
    }
    if (game.tournament) {
      return [h('a', { class: 'button primary', href: `/tournament/${encodeURIComponent(game.tournament)}` }, t('back-to-tournament'))];
    }
    if (!game.you) return [];
    const theirs = (game.offers ?? []).some((/** @type {any} */ o) => o.kind === 'rematch' && o.by !== game.you);
    return [button(theirs ? t('control-accept-rematch') : t('control-rematch'), () => ctx.send({ type: theirs ? 'accept' : 'offer', kind: 'rematch' }), { class: 'primary', disabled: offered('rematch') })];
  }

  function render() {
    const { game } = ctx;
    let buttons = [];
    if (game.you && game.status === 'playing') buttons = playing();
    else if (game.status === 'finished') buttons = finished();
    // Keep the focus on the button that was focused (a screen reader stays put).
    const active = document.activeElement;
    const focused = active && element.contains(active) ? active.textContent : null;
    fill(element, buttons);
    if (focused) {
      const again = [...element.querySelectorAll('button')].find((b) => b.textContent === focused
        || (focused === t('control-resign') && b.textContent === t('control-resign-confirm'))
        || (focused === t('control-resign-confirm') && b.textContent === t('control-resign')));
      again?.focus();
    }
  }

  return {
    element,
    render,
    destroy() {
      if (resignArmed) clearTimeout(resignArmed);
    },
  };
}
