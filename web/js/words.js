// @ts-check
// What the game's codes mean, in words: rule sets, sides, end reasons.

import { parseRules } from './rules.js';

export const sideName = (side) => (side === 'S' ? 'South' : 'North');

const VARIANT_NAMES = {
  abapa: 'Oware (abapa)',
  wari: 'Oware (wari)',
  warri: 'Oware (warri)',
  kalah: 'Kalah',
};

/** A rules string in words: "Oware (abapa), 6 pits, 4 seeds, cycle at 3rd". */
export function rulesText(text) {
  let rules;
  try {
    rules = parseRules(text);
  } catch {
    return String(text);
  }
  const parts = [VARIANT_NAMES[rules.variant]];
  if (rules.pits !== 6 || rules.seeds !== 4) parts.push(`${rules.pits}×${rules.seeds}`);
  if (rules.variant !== 'kalah') {
    if (rules.cycle === '3') parts.push('cycle at the 3rd time');
    if (rules.cycle === 'even') parts.push('cycle shares evenly');
    if (rules.playout) parts.push('played out');
  } else if (!rules.emptyCapture) {
    parts.push('no empty capture');
  }
  return parts.join(', ');
}

/**
 * Why a game ended, as a sentence ending without a full stop.
 * @param {string | null | undefined} reason
 * @param {{loser?: string | null}} [options]
 */
export function reasonText(reason, { loser } = {}) {
  switch (reason) {
    case 'majority': return 'more than half of the seeds were captured';
    case 'no-moves': return 'the player to move had no legal move, so each player took the seeds on their own row';
    case 'grand-slam': return 'a grand slam captured the whole row and ended the game (wari rules)';
    case 'repetition': return 'a position came round again (the cycle rule), so each player took the seeds on their own row';
    case 'agreement': return 'the players agreed to end the game by the cycle rule';
    case 'empty-side': return 'a row was empty, so each player added the seeds left on their row to their store';
    case 'resignation': return loser ? `${loser} resigned` : 'a player resigned';
    case 'time': return loser ? `${loser} ran out of time` : 'a player ran out of time';
    default: return reason ? String(reason) : '';
  }
}

/** An offer as a sentence: who offers what ("You offered a rematch."). */
export function offerText(kind, who, mine = false) {
  switch (kind) {
    case 'cycle':
      return `${who} ${mine ? 'offered' : 'offers'} to end the game by the cycle rule (each player takes the seeds on their own row).`;
    case 'takeback':
      return `${who} ${mine ? 'asked' : 'asks'} to take back ${mine ? 'your' : 'their'} last move.`;
    case 'rematch':
      return `${who} ${mine ? 'offered' : 'offers'} a rematch.`;
    default:
      return `${who} ${mine ? 'offered' : 'offers'} ${kind}.`;
  }
}

/** @type {Record<string, string>} */
const SPEED_NAMES = {
  bullet: 'bullet', blitz: 'blitz', rapid: 'rapid', classical: 'classical', correspondence: 'correspondence',
};

/**
 * A rating pool in words: "Oware (abapa), blitz".
 * @param {string | null | undefined} pool
 */
export function poolText(pool) {
  if (!pool) return '';
  const bots = pool.startsWith('bot-');
  const [family, speed] = (bots ? pool.slice(4) : pool).split('-');
  return `${VARIANT_NAMES[family] ?? family}, ${SPEED_NAMES[speed] ?? speed}${bots ? ' (against bots)' : ''}`;
}

/** Why a challenge is declined: lichess's reasons, as the API names them. */
export const DECLINE_REASONS = [
  ['generic', 'No, thank you'],
  ['later', 'Not now, later'],
  ['tooFast', 'Too fast for me'],
  ['tooSlow', 'Too slow for me'],
  ['timeControl', 'Not this time control'],
  ['rated', 'A rated game, please'],
  ['casual', 'A casual game, please'],
  ['variant', 'Not these rules'],
  ['noBot', 'Not against bots'],
  ['onlyBot', 'Only against bots'],
];

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
  const amount = Math.abs(south).toFixed(Math.abs(south) % 1 === 0 ? 0 : 2);
  const proven = result.exact ? ' (proven)' : '';
  if (Math.abs(south) < 0.005) return `Even${proven}`;
  return `${south > 0 ? 'South' : 'North'} is ahead by ${amount} ${amount === '1' ? 'seed' : 'seeds'}${proven}`;
}

/** A principal variation, given as a list or as letters run together ("FfEa"), spaced out. */
export const lineOf = (pv) => {
  if (Array.isArray(pv)) return pv.join(' ');
  const text = String(pv ?? '').trim();
  return text.includes(' ') ? text : text.split('').join(' ');
};
