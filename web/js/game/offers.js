// @ts-check
// Offers standing in a game: the opponent's with Accept and Decline, your
// own with Withdraw; and what became of yours (declined, lapsed), told to
// you when it goes.

import { fill, h } from '../dom.js';
import { opposite } from '../rules.js';
import { offerText } from '../words.js';
import { playerText } from './result.js';
import { t } from '../i18n.js';

/** @type {Record<string, string>} */
const OFFER_NAMES = {
  cycle: 'offer-name-cycle',
  takeback: 'offer-name-takeback',
  rematch: 'offer-name-rematch',
};

/**
 * What became of your offer of `kind`, gone between two states; null
 * when it was accepted or the game ended.
 * @param {string} kind
 * @param {any} before
 * @param {any} after
 */
export function goneOfferText(kind, before, after) {
  const what = OFFER_NAMES[kind] ? t(OFFER_NAMES[kind]) : kind;
  if (kind === 'rematch' && after.rematch_game_id) return null;
  if (kind === 'takeback' && after.moves.length < before.moves.length) return null;
  if (before.status !== after.status) return null;
  if (after.moves.length !== before.moves.length) return t('offer-lapsed', { what });
  const opponent = after.players?.[opposite(after.you)]?.name;
  return opponent ? t('offer-declined-by', { opponent, what }) : t('offer-declined', { what });
}

/** @param {import('../game.js').GameContext} ctx */
export function createOffers(ctx) {
  const element = h('div', { class: 'offers' });
  /** Kinds this page withdrew: their going needs no word. */
  const withdrawn = new Set();

  function render() {
    const { game } = ctx;
    const items = [];
    for (const offer of game.offers ?? []) {
      if (game.you && offer.by === game.you) {
        items.push(h('p', { class: 'offer mine' }, `${offerText(offer.kind, '', true)} ${t('offer-waiting')} `,
          h('button', {
            type: 'button',
            onclick: () => {
              withdrawn.add(offer.kind);
              ctx.send({ type: 'decline', kind: offer.kind });
            },
          }, t('offer-withdraw'))));
      } else if (game.you) {
        items.push(h('div', { class: 'offer theirs', role: 'group', 'aria-label': t('offer-label') },
          h('p', {}, offerText(offer.kind, playerText(game, offer.by))),
          h('button', { type: 'button', class: 'primary', onclick: () => ctx.send({ type: 'accept', kind: offer.kind }) }, t('accept')),
          ' ',
          h('button', { type: 'button', onclick: () => ctx.send({ type: 'decline', kind: offer.kind }) }, t('decline'))));
      } else {
        items.push(h('p', { class: 'offer' }, offerText(offer.kind, playerText(game, offer.by))));
      }
    }
    fill(element, items);
  }

  /**
   * Tells the offerer what became of offers of theirs that are gone.
   * @param {any} before
   * @param {any} after
   */
  function noteChange(before, after) {
    if (!before || !after.you) return;
    for (const offer of before.offers ?? []) {
      if (offer.by !== after.you) continue;
      if ((after.offers ?? []).some((/** @type {any} */ o) => o.kind === offer.kind && o.by === offer.by)) continue;
      if (withdrawn.delete(offer.kind)) continue;
      const text = goneOfferText(offer.kind, before, after);
      if (text) ctx.say(text);
    }
  }

  return { element, render, noteChange };
}
