// @ts-check
// Why a move cannot be played in a position, as a sentence in the page's
// language (play.ftl's refuse-… messages): rules.js's code, said for the
// game page (once it is the player's turn) and the study pages' boards (a
// lesson's task, a puzzle, the analysis board).

import { t } from './i18n.js';
import {
  IllegalMove, RulesError, illegalCode, opposite, pitIndex,
} from './rules.js';
import { sideName } from './words.js';

/** The message of each code that needs only the pit. */
const REFUSE_KEYS = {
  over: 'refuse-over',
  'no-pit': 'refuse-no-pit',
  empty: 'refuse-empty',
  'must-feed': 'refuse-must-feed',
  'grand-slam': 'refuse-grand-slam',
};

/**
 * Why `letter` cannot be played in position `p`: "D does not reach the
 * opponent's empty row: it must be fed." ("D no llega a la fila vacía del
 * rival: hay que alimentar al rival."); a move the rules allow gets the
 * general "cannot be played now".
 * @param {any} p a rules.js position
 * @param {string} letter
 * @returns {string}
 */
export function refusalText(p, letter) {
  const code = illegalCode(p, letter);
  if (code === 'not-yours') {
    const owner = pitIndex(letter, p.rules.pits) < p.rules.pits ? 'S' : 'N';
    return t('refuse-not-yours', { pit: letter, owner: sideName(owner), side: sideName(opposite(owner)) });
  }
  return code && REFUSE_KEYS[code] ? t(REFUSE_KEYS[code], { pit: letter }) : t('refuse-not-now', { pit: letter });
}

/**
 * An error as a sentence in the page's language: a rules or position
 * string the rules refuse, in rules.ftl's words (the server's and `wari
 * play`'s too: "reglas desconocidas \"oware\": …"); a move they refuse, as
 * above; anything else as it says itself (the server's refusals come
 * translated already).
 * @param {any} err
 * @returns {string}
 */
export function errorText(err) {
  if (err instanceof RulesError) {
    const { allowed, ...args } = err.args;
    return t(err.key, allowed ? { ...args, allowed: t(String(allowed)) } : args);
  }
  if (err instanceof IllegalMove) return refusalText(err.position, err.letter);
  return String(err?.message ?? err);
}
