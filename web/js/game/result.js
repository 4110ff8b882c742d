// @ts-check
// A game's players and result in words, and the banner shown at its end.

import { api } from '../api.js';
import { asSentence, fill, h } from '../dom.js';
import { opposite } from '../rules.js';
import { analysisUrl } from '../analysis/url.js';
import {
  diffText, playerName, ratingText, reasonText, sideName,
} from '../words.js';
import { t } from '../i18n.js';

/**
 * "Alice (South)", or "the computer, level 3 (North)".
 * @param {any} game
 * @param {string} side
 */
export function playerText(game, side) {
  const p = game.players?.[side];
  if (!p) return t('player-no-one', { side: sideName(side) });
  return t('player-on-side', { name: playerName(p) || sideName(side), side: sideName(side) });
}

/**
 * The result in words: { headline, detail, mark } for a finished game.
 * @param {any} game
 */
export function resultText(game) {
  const { result, reason, score } = game;
  const mine = game.you;
  /** @param {string} side */
  const name = (side) => playerName(game.players?.[side]) || sideName(side);
  let headline;
  let mark;
  if (reason === 'aborted') {
    return { headline: t('result-aborted'), detail: asSentence(reasonText(reason)), mark: '–' };
  }
  if (result === 'draw') {
    headline = t('result-draw');
    mark = '=';
  } else if (mine && result === mine) {
    headline = t('result-you-win');
    mark = '★';
  } else if (mine && result === opposite(mine)) {
    headline = t('result-you-lose');
    mark = '✖';
  } else {
    headline = t('result-wins', { name: name(result), side: sideName(result) });
    mark = '★';
  }
  const loser = result === 'S' || result === 'N' ? name(opposite(result)) : null;
  const because = reasonText(reason, { loser });
  const sentence = asSentence(because);
  const [south, north] = (score ?? '').split('-');
  const counted = score ? ` ${t('result-final-count', { south, north })}` : '';
  return { headline, detail: `${sentence}${counted}`.trim(), mark };
}

/**
 * The banner with the result, shown once the game is over.
 * @param {import('../game.js').GameContext} ctx
 */
export function createBanner(ctx) {
  const element = h('div', { class: 'banner', role: 'alert', hidden: true });
  // A rated game that ends before both players moved is not rated (the
  // server turns `rated` off at the end): say so to who saw it rated.
  let seenRated = false;

  function render() {
    const { game } = ctx;
    if (game.rated) seenRated = true;
    if (game.status !== 'finished') {
      element.hidden = true;
      return;
    }
    const r = resultText(game);
    element.hidden = false;
    element.dataset.result = { '★': 'win', '=': 'draw', '–': 'aborted' }[r.mark] ?? 'loss';
    const changes = ['S', 'N'].map((side) => game.players?.[side])
      .filter((p) => typeof p?.rating_diff === 'number')
      .map((p) => `${p.name} ${ratingText(p.rating + p.rating_diff)} (${diffText(p.rating_diff)})`);
    fill(element,
      h('p', { class: 'headline' }, h('span', { class: 'result-mark', 'aria-hidden': 'true' }, r.mark), ' ', r.headline),
      h('p', { class: 'reason' }, r.detail),
      changes.length ? h('p', { class: 'rating-change' }, t('result-new-ratings', { ratings: changes.join(', ') })) : null,
      seenRated && !game.rated && game.reason !== 'aborted' ? h('p', { class: 'rating-change' }, t('result-not-rated')) : null,
      h('p', { class: 'after' },
        h('a', { href: `/replay/${encodeURIComponent(game.id)}` }, t('result-replay')), ' · ',
        h('a', { href: analysisUrl({ rules: game.rules, position: game.start ?? undefined, moves: game.moves }) }, t('result-analysis')), ' · ',
        h('a', { href: api.ognUrl(game.id), download: `wari-${game.id}.ogn` }, t('result-download-ogn')), ' · ',
        game.tournament
          ? h('a', { href: `/tournament/${encodeURIComponent(game.tournament)}` }, t('back-to-tournament'))
          : h('a', { href: '/' }, t('back-to-lobby'))));
  }

  return { element, render };
}
