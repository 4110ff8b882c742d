// @ts-check
// A list of games (GAME_SUMMARY lines): the players with their ratings,
// the result, how it ended, the rules and time control, and a link to it.
// Each game is a short block that wraps, so the list fits a phone.

import {
  dateText, h, movesText, timeControlText,
} from './dom.js';
import {
  diffText, playerName, ratedText, ratingText, reasonText, rulesText, sideName,
} from './words.js';
import { t } from './i18n.js';

const enc = encodeURIComponent;

/**
 * A player's name (a link to their page for an account), rating and
 * change.
 * @param {any} p
 * @param {string} side
 */
export function playerCell(p, side) {
  if (!p) return h('span', {}, t('games-no-one-yet', { side: sideName(side) }));
  const name = p.account ? h('a', { href: `/player/${enc(p.name)}` }, p.name) : h('span', {}, playerName(p));
  const rating = p.rating !== undefined && p.rating !== null ? ` (${ratingText(p.rating, p.provisional)})` : '';
  const diff = typeof p.rating_diff === 'number'
    ? h('span', { class: `diff ${p.rating_diff < 0 ? 'down' : 'up'}` }, ` ${diffText(p.rating_diff)}`) : null;
  const guest = p.kind === 'human' && !p.account ? h('span', { class: 'guest-mark' }, ` ${t('seat-guest')}`) : null;
  return h('span', { class: 'player' }, name, guest, rating, diff);
}

/**
 * The result of a game in words, from `you`'s side when given.
 * @param {any} game
 * @param {string | null} [you]
 */
export function outcomeText(game, you = null) {
  if (game.status !== 'finished') return game.status === 'waiting' ? t('outcome-waiting') : t('outcome-playing');
  if (game.reason === 'aborted') return t('outcome-aborted');
  if (game.result === 'draw') return t('outcome-draw');
  if (you) return game.result === you ? t('outcome-won') : t('outcome-lost');
  const winner = playerName(game.players?.[game.result]) || sideName(game.result);
  return t('outcome-winner', { winner });
}

/**
 * One game: who against whom, the result, the kind of game, a link.
 * @param {any} game
 * @param {{you?: string | null, link?: 'replay' | 'game'}} [options]
 */
export function gameItem(game, { you = null, link = 'replay' } = {}) {
  const p = game.players ?? {};
  const loser = game.result === 'S' ? p.N?.name : game.result === 'N' ? p.S?.name : null;
  const kind = [
    rulesText(game.rules),
    timeControlText(game.clock ?? null),
    ratedText(game),
    movesText(game.moves_count ?? 0),
  ].join(' · ');
  const when = game.finished_at ?? game.started_at;
  const href = link === 'game' || game.status !== 'finished' ? `/game/${enc(game.id)}` : `/replay/${enc(game.id)}`;
  const label = link === 'game' || game.status !== 'finished' ? t('games-open') : t('result-replay');
  return h('li', { class: 'game-item', 'data-game': game.id },
    h('p', { class: 'players' }, playerCell(p.S, 'S'), ' – ', playerCell(p.N, 'N')),
    h('p', { class: 'outcome' },
      h('strong', {}, outcomeText(game, you)),
      game.score ? ` ${String(game.score).replace('-', '–')}` : '',
      game.reason ? `: ${reasonText(game.reason, { loser })}` : ''),
    h('p', { class: 'meta' }, kind, when ? ` · ${dateText(when)}` : ''),
    h('a', { href, class: 'open', 'aria-label': t('games-open-label', { action: label, south: playerName(p.S) || sideName('S'), north: playerName(p.N) || sideName('N') }) }, label));
}

/**
 * A list of games, or a line saying there are none.
 * @param {any[]} games
 * @param {string} empty
 * @param {{you?: (game: any) => string | null, link?: 'replay' | 'game', label?: string}} [options]
 */
export function gameList(games, empty, { you = (g) => g.you ?? null, link = 'replay', label = t('player-games') } = {}) {
  if (!games.length) return h('p', { class: 'empty-list' }, empty);
  return h('ul', { class: 'game-list', 'aria-label': label }, games.map((g) => gameItem(g, { you: you(g), link })));
}
