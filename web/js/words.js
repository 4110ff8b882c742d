// @ts-check
// What the game's codes mean, in words (the page's language, i18n.js):
// rule sets, sides, end reasons, offers, pools, ratings, scores.

import { parseRules } from './rules.js';
import { formatNumber, t } from './i18n.js';

/** @type {Record<string, string>} */
const SIDE_KEYS = { S: 'side-south', N: 'side-north' };

/** A side in words: "South", "North" ("Sur", "Norte"). */
export const sideName = (side) => t(SIDE_KEYS[side === 'S' ? 'S' : 'N']);

/** @type {Record<string, string>} */
const VARIANT_KEYS = {
  abapa: 'variant-abapa',
  wari: 'variant-wari',
  warri: 'variant-warri',
  kalah: 'variant-kalah',
};

/** A rule set's name: "Oware (abapa)", "Kalah". */
export const variantName = (variant) => (VARIANT_KEYS[variant] ? t(VARIANT_KEYS[variant]) : String(variant));

/** A rules string in words: "Oware (abapa), 6 pits, 4 seeds, cycle at 3rd". */
export function rulesText(text) {
  let rules;
  try {
    rules = parseRules(text);
  } catch {
    return String(text);
  }
  const parts = [variantName(rules.variant)];
  if (rules.pits !== 6 || rules.seeds !== 4) parts.push(`${rules.pits}×${rules.seeds}`);
  if (rules.variant !== 'kalah') {
    if (rules.cycle === '3') parts.push(t('rules-cycle-third'));
    if (rules.cycle === 'even') parts.push(t('rules-cycle-even'));
    if (rules.playout) parts.push(t('rules-playout'));
  } else if (!rules.emptyCapture) {
    parts.push(t('rules-no-empty-capture'));
  }
  return parts.join(', ');
}

/** @type {Record<string, string>} RULES.md §1's end reasons, as the API names them. */
const REASON_KEYS = {
  majority: 'reason-majority',
  'no-moves': 'reason-no-moves',
  'grand-slam': 'reason-grand-slam',
  repetition: 'reason-repetition',
  agreement: 'reason-agreement',
  'empty-side': 'reason-empty-side',
};

/**
 * Why a game ended, as a sentence ending without a full stop.
 * @param {string | null | undefined} reason
 * @param {{loser?: string | null}} [options]
 */
export function reasonText(reason, { loser } = {}) {
  if (reason === 'resignation') return loser ? t('reason-resignation-by', { loser }) : t('reason-resignation');
  if (reason === 'time') return loser ? t('reason-time-by', { loser }) : t('reason-time');
  if (reason === 'aborted') return t('reason-aborted');
  if (REASON_KEYS[reason]) return t(REASON_KEYS[reason]);
  return reason ? String(reason) : '';
}

/** An offer as a sentence: who offers what ("Kofi offers a rematch."; yours, `mine`: "You offered a rematch."). */
export function offerText(kind, who, mine = false) {
  switch (kind) {
    case 'cycle':
      return mine ? t('offer-cycle-mine') : t('offer-cycle', { who });
    case 'takeback':
      return mine ? t('offer-takeback-mine') : t('offer-takeback', { who });
    case 'rematch':
      return mine ? t('offer-rematch-mine') : t('offer-rematch', { who });
    default:
      return mine ? t('offer-other-mine', { kind }) : t('offer-other', { who, kind });
  }
}

/** @type {Record<string, string>} */
const SPEED_KEYS = {
  bullet: 'speed-bullet', blitz: 'speed-blitz', rapid: 'speed-rapid', classical: 'speed-classical', correspondence: 'speed-correspondence',
};

/**
 * A rating pool in words: "Oware (abapa), blitz".
 * @param {string | null | undefined} pool
 */
export function poolText(pool) {
  if (!pool) return '';
  const bots = pool.startsWith('bot-');
  const [family, speed] = (bots ? pool.slice(4) : pool).split('-');
  const speedName = SPEED_KEYS[speed] ? t(SPEED_KEYS[speed]) : speed;
  const text = `${variantName(family)}, ${speedName}`;
  return bots ? t('pool-against-bots', { pool: text }) : text;
}

/**
 * How a game or a challenge counts: "rated blitz", "rated bullet (against
 * bots)" (its pool's speed), "rated", or "casual".
 * @param {{rated?: boolean, pool?: string | null}} item
 */
export function ratedText(item) {
  if (!item.rated) return t('casual');
  if (!item.pool) return t('rated');
  return t('lobby-rated-speed', { speed: poolText(item.pool).split(', ')[1] ?? '' }).trim();
}

/** Why a challenge is declined: lichess's reasons as the API names them, with their message keys. */
export const DECLINE_REASONS = [
  ['generic', 'decline-generic'],
  ['later', 'decline-later'],
  ['tooFast', 'decline-too-fast'],
  ['tooSlow', 'decline-too-slow'],
  ['timeControl', 'decline-time-control'],
  ['rated', 'decline-rated'],
  ['casual', 'decline-casual'],
  ['variant', 'decline-variant'],
  ['noBot', 'decline-no-bot'],
  ['onlyBot', 'decline-only-bot'],
];

/**
 * A player's name as the page shows it: the computer's in the page's
 * language ("Computer (level 3)", "Ordenador (nivel 3)"), a person's as
 * it is.
 * @param {any} player a seat of GAME (docs/API.md): {kind, name, level?}
 * @returns {string}
 */
export function playerName(player) {
  if (player?.kind !== 'computer') return player?.name ?? '';
  return player.level ? t('computer-level', { level: player.level }) : t('computer');
}

/**
 * A rating as players write it: 1512, or "1500?" while provisional.
 * @param {number | null | undefined} rating
 * @param {boolean} [provisional]
 */
export function ratingText(rating, provisional = false) {
  if (rating === null || rating === undefined) return '';
  return `${Math.round(rating)}${provisional ? '?' : ''}`;
}

/**
 * A rating change: "+12", "−7", "±0".
 * @param {number} diff
 */
export function diffText(diff) {
  if (diff > 0) return `+${diff}`;
  if (diff < 0) return `−${-diff}`;
  return '±0';
}

/** The engine's score (seeds, for the side to move) in words for both sides. */
export function scoreText(result, turn) {
  const score = Number(result.score);
  if (!Number.isFinite(score)) return String(result.score ?? '');
  const south = turn === 'S' ? score : -score;
  const amount = Math.abs(south);
  const digits = amount % 1 === 0 ? 0 : 2;
  const seeds = formatNumber(amount, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const proven = result.exact ? 'yes' : 'no';
  if (amount < 0.005) return t('score-even', { proven });
  const count = amount;
  return south > 0 ? t('score-south-ahead', { seeds, count, proven }) : t('score-north-ahead', { seeds, count, proven });
}

/** A principal variation, given as a list or as letters run together ("FfEa"), spaced out. */
export const lineOf = (pv) => {
  if (Array.isArray(pv)) return pv.join(' ');
  const text = String(pv ?? '').trim();
  return text.includes(' ') ? text : text.split('').join(' ');
};
