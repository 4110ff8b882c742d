// @ts-check
// The rules of RULES.md in the browser: enough to preview a move (where
// the last seed lands, what it captures), animate its sowing and step
// through a record. The server stays the judge of every move; this module
// is checked against `wari replay` by tests/web/rules.test.mjs.
//
// A position is plain data: { rules, board, captured, turn, end, total }.
// board lists pits A..F then a..f (index i; South's are 0..m-1), captured
// is [south, north] (seeds captured, or in the stores under Kalah), turn is
// "S" or "N", end is null or an end reason of RULES.md §1.

export const REASONS = [
  'majority', 'no-moves', 'grand-slam', 'repetition',
  'agreement', 'empty-side', 'resignation', 'time',
];

const VARIANTS = ['abapa', 'wari', 'warri', 'kalah'];

/**
 * What the rules refuse of a rules or position string: the English
 * `message`, and the message of rules.ftl that says it in the page's
 * language (`key`, `args`), the words the server and `wari play` use.
 */
export class RulesError extends Error {
  /**
   * @param {string} message
   * @param {string} key
   * @param {Record<string, string | number>} [args] `allowed` names a
   *   message itself (`rules-allowed-pits`)
   */
  constructor(message, key, args = {}) {
    super(message);
    this.key = key;
    this.args = args;
  }
}

/** A move the rules do not allow in `position` (Game.play). */
export class IllegalMove extends Error {
  /** @param {string} message @param {any} position @param {string} letter */
  constructor(message, position, letter) {
    super(message);
    this.position = position;
    this.letter = letter;
  }
}

/** The rules options, and the values each allows (null: none). */
const OPTIONS = {
  pits: { allowed: 'rules-allowed-pits', oware: true, kalah: true },
  seeds: { allowed: 'rules-allowed-seeds', oware: true, kalah: true },
  cycle: { allowed: 'rules-allowed-cycle', oware: true, kalah: false },
  playout: { allowed: 'rules-allowed-none', oware: true, kalah: false },
  'empty-capture': { allowed: 'rules-allowed-empty-capture', oware: false, kalah: true },
};

/** Reads a rules string (`abapa`, `kalah,pits=4,seeds=3`); throws a RulesError on a bad one. */
export function parseRules(text) {
  const parts = String(text ?? '').trim().split(',').map((p) => p.trim());
  const variant = parts.shift() ?? '';
  if (!VARIANTS.includes(variant)) {
    throw new RulesError(`unknown rule set "${variant}": expected abapa, wari, warri or kalah`,
      'err-rules-unknown-variant', { name: `"${variant}"` });
  }
  const rules = {
    variant, pits: 6, seeds: 4, cycle: '2', playout: false, emptyCapture: true,
  };
  const kalah = variant === 'kalah';
  for (const part of parts) {
    const [key, value] = part.split('=').map((s) => s.trim());
    /** @type {any} */
    const option = OPTIONS[key];
    const badValue = () => new RulesError(`bad value for ${key}: "${value ?? ''}"`,
      'err-rules-bad-value', { value: `"${value ?? ''}"`, option: key, allowed: option.allowed });
    if (!option) {
      throw new RulesError(`bad rules option "${part}"`, 'err-rules-unknown-option', { option: `"${key}"` });
    }
    if (!option[kalah ? 'kalah' : 'oware']) {
      throw new RulesError(`bad rules option "${part}"`, 'err-rules-not-for-variant', { option: key, variant });
    }
    if (value === undefined && key !== 'playout') {
      throw new RulesError(`bad rules option "${part}"`, 'err-rules-missing-value', { quoted: `"${key}"`, option: key });
    }
    const number = (lo, hi) => {
      const n = Number(value);
      if (!/^\d+$/.test(value ?? '') || n < lo || n > hi) throw badValue();
      return n;
    };
    if (key === 'pits') rules.pits = number(1, 6);
    else if (key === 'seeds') rules.seeds = number(1, 12);
    else if (key === 'cycle' && ['2', '3', 'even'].includes(value)) rules.cycle = value;
    else if (key === 'playout' && value === undefined) rules.playout = true;
    else if (key === 'empty-capture' && ['on', 'off'].includes(value)) rules.emptyCapture = value === 'on';
    else throw badValue();
  }
  return rules;
}

/** The canonical rules string, as the Rust side prints it. */
export function rulesString(rules) {
  let s = rules.variant;
  if (rules.pits !== 6) s += `,pits=${rules.pits}`;
  if (rules.seeds !== 4) s += `,seeds=${rules.seeds}`;
  if (rules.variant !== 'kalah') {
    if (rules.cycle !== '2') s += `,cycle=${rules.cycle}`;
    if (rules.playout) s += ',playout';
  } else if (!rules.emptyCapture) {
    s += ',empty-capture=off';
  }
  return s;
}

export const isKalah = (rules) => rules.variant === 'kalah';
export const opposite = (side) => (side === 'S' ? 'N' : 'S');

/** The letter of pit index `i` on a board of `m` pits a row. */
export function pitLetter(i, m) {
  return i < m ? String.fromCharCode(65 + i) : String.fromCharCode(97 + i - m);
}

/** The pit index of a move letter, or -1 if there is no such pit. */
export function pitIndex(letter, m) {
  const code = String(letter).charCodeAt(0);
  if (code >= 65 && code < 65 + m) return code - 65;
  if (code >= 97 && code < 97 + m) return m + code - 97;
  return -1;
}

/** The side owning pit `i`. */
export const owner = (i, m) => (i < m ? 'S' : 'N');

const rowStart = (side, m) => (side === 'S' ? 0 : m);
const sideIndex = (side) => (side === 'S' ? 0 : 1);

function rowSum(board, side, m) {
  let sum = 0;
  for (let i = rowStart(side, m); i < rowStart(side, m) + m; i += 1) sum += board[i];
  return sum;
}

/** The start position of a rule set (a parsed rules object or a string). */
export function startPosition(rules) {
  const r = typeof rules === 'string' ? parseRules(rules) : rules;
  const p = {
    rules: r,
    board: new Array(2 * r.pits).fill(r.seeds),
    captured: [0, 0],
    turn: 'S',
    end: null,
    total: 2 * r.pits * r.seeds,
  };
  return settle(p);
}

/** Reads a position string (`4,4,4,4,4,4/4,4,4,4,4,4 S 0-0`). */
export function parsePosition(text, rules) {
  const r = typeof rules === 'string' ? parseRules(rules) : rules;
  const fields = String(text).trim().split(/\s+/);
  const [rows, turn, caps] = fields;
  const shape = () => new RulesError(`bad position "${text}"`, 'err-position-shape');
  if (fields.length !== 3 || !rows.includes('/')) throw shape();
  const [south, north] = rows.split('/').map((row) => row.split(',').map(Number));
  if (south.length !== r.pits || north.length !== r.pits) {
    throw new RulesError(`position "${text}" does not have ${r.pits} pits a row`,
      'err-position-pits-mismatch', { position: String(south.length), rules: String(r.pits) });
  }
  if (turn !== 'S' && turn !== 'N') throw new RulesError(`bad turn "${turn}"`, 'err-position-turn', { token: `"${turn}"` });
  const captured = caps.split('-').map(Number);
  const board = [...south, ...north];
  if ([...board, ...captured].some((n) => !Number.isInteger(n) || n < 0) || captured.length !== 2) {
    throw shape();
  }
  const total = board.reduce((a, b) => a + b, 0) + captured[0] + captured[1];
  const p = { rules: r, board, captured, turn, end: null, total };
  if (!isKalah(r) && !r.playout && (captured[0] * 2 > total || captured[1] * 2 > total)) {
    p.end = 'majority';
  }
  return settle(p);
}

/** The position string of a position. */
export function positionString(p) {
  const m = p.rules.pits;
  return `${p.board.slice(0, m).join(',')}/${p.board.slice(m).join(',')} ${p.turn} ${p.captured[0]}-${p.captured[1]}`;
}

function copy(p) {
  return { ...p, board: p.board.slice(), captured: p.captured.slice() };
}

// Each player takes the seeds on their own row.
function sweep(p) {
  const m = p.rules.pits;
  for (const side of ['S', 'N']) {
    p.captured[sideIndex(side)] += rowSum(p.board, side, m);
    p.board.fill(0, rowStart(side, m), rowStart(side, m) + m);
  }
}

// The columns the player to move may play before `wari` drops grand
// slams; ends the game when the rules say so (RULES.md §2.4, §3).
function settle(p) {
  const m = p.rules.pits;
  p.movable = [];
  if (p.end) return p;
  if (isKalah(p.rules)) {
    if (rowSum(p.board, 'S', m) === 0 || rowSum(p.board, 'N', m) === 0) {
      sweep(p);
      p.end = 'empty-side';
    } else {
      for (let c = 0; c < m; c += 1) if (p.board[rowStart(p.turn, m) + c] > 0) p.movable.push(c);
    }
    return p;
  }
  const feed = rowSum(p.board, opposite(p.turn), m) === 0;
  for (let c = 0; c < m; c += 1) {
    const seeds = p.board[rowStart(p.turn, m) + c];
    if (seeds > 0 && (!feed || seeds >= m - c)) p.movable.push(c);
  }
  if (p.movable.length === 0) {
    sweep(p);
    p.end = 'no-moves';
  }
  return p;
}

// Oware sowing seed by seed, skipping the origin (RULES.md §2.1); returns
// the pits in the order the seeds fall.
function sowOware(board, origin) {
  const pits = board.length;
  let seeds = board[origin];
  board[origin] = 0;
  const path = [];
  let pit = origin;
  while (seeds > 0) {
    pit = (pit + 1) % pits;
    if (pit !== origin) {
      board[pit] += 1;
      seeds -= 1;
      path.push(pit);
    }
  }
  return path;
}

// The capture chain ending at `last` (RULES.md §2.2): its pits, the seeds
// in them and the seeds the opponent's row would keep.
function captureChain(board, m, mover, last) {
  const low = rowStart(opposite(mover), m);
  const pits = [];
  let taken = 0;
  if (last >= low && last < low + m) {
    for (let i = last; i >= low && (board[i] === 2 || board[i] === 3); i -= 1) {
      pits.push(i);
      taken += board[i];
    }
  }
  return { pits, taken, left: rowSum(board, opposite(mover), m) - taken };
}

/** Whether an Oware move captures every seed left on the opponent's row. */
export function isGrandSlam(p, letter) {
  const m = p.rules.pits;
  const i = pitIndex(letter, m);
  if (isKalah(p.rules) || i < 0 || p.board[i] === 0) return false;
  const board = p.board.slice();
  const path = sowOware(board, i);
  const chain = captureChain(board, m, owner(i, m), path[path.length - 1]);
  return chain.taken > 0 && chain.left === 0;
}

/** The legal moves' letters, in the order of the pits; none once over. */
export function legalMoves(p) {
  const m = p.rules.pits;
  let letters = p.movable.map((c) => pitLetter(rowStart(p.turn, m) + c, m));
  if (p.rules.variant === 'wari' && letters.length > 1) {
    const others = letters.filter((l) => !isGrandSlam(p, l));
    if (others.length > 0) letters = others;
  }
  return letters;
}

/**
 * Why a move cannot be played here, as a code; null if legal:
 * 'over', 'no-pit', 'not-yours' (the pit is the other side's), 'empty',
 * 'must-feed' (it does not reach the opponent's empty row), 'grand-slam'
 * (forbidden under wari while another move exists).
 * @returns {'over' | 'no-pit' | 'not-yours' | 'empty' | 'must-feed' | 'grand-slam' | null}
 */
export function illegalCode(p, letter) {
  const m = p.rules.pits;
  const i = pitIndex(letter, m);
  if (p.end) return 'over';
  if (i < 0) return 'no-pit';
  if (owner(i, m) !== p.turn) return 'not-yours';
  if (p.board[i] === 0) return 'empty';
  if (legalMoves(p).includes(letter)) return null;
  if (rowSum(p.board, opposite(p.turn), m) === 0) return 'must-feed';
  return 'grand-slam';
}

/** Why a move cannot be played here, in RULES.md's words (English); null if legal. */
export function illegalReason(p, letter) {
  const m = p.rules.pits;
  const side = owner(pitIndex(letter, m), m);
  switch (illegalCode(p, letter)) {
    case 'over': return 'the game is over';
    case 'no-pit': return `there is no pit ${letter}: this board has ${m} pits per row`;
    case 'not-yours': return `pit ${letter} is ${side === 'S' ? 'South' : 'North'}'s and it is ${p.turn === 'S' ? 'South' : 'North'}'s turn`;
    case 'empty': return `pit ${letter} is empty`;
    case 'must-feed': return `${letter} does not reach the opponent's empty row: it must be fed`;
    case 'grand-slam': return `${letter} would capture every seed of the opponent's row: a grand slam is forbidden under wari while another move exists`;
    default: return null;
  }
}

/**
 * Plays a move (which must be legal) and says what happened, for the
 * animation and the highlights: { position, path, last, captures, taken,
 * grandSlam, again }. `path` lists where each seed falls; under Kalah the
 * stores are 2m (South's) and 2m+1 (North's). `captures` are the pits
 * emptied by the capture.
 */
export function play(p, letter) {
  const m = p.rules.pits;
  const i = pitIndex(letter, m);
  if (i < 0 || p.end || owner(i, m) !== p.turn || p.board[i] === 0) {
    throw new Error(illegalReason(p, letter) ?? `illegal move ${letter}`);
  }
  return isKalah(p.rules) ? playKalah(p, i) : playOware(p, i);
}

function playOware(p0, origin) {
  const p = copy(p0);
  const m = p.rules.pits;
  const mover = p.turn;
  const me = sideIndex(mover);
  const path = sowOware(p.board, origin);
  const last = path[path.length - 1];
  const chain = captureChain(p.board, m, mover, last);
  const grandSlam = chain.taken > 0 && chain.left === 0;
  let captures = [];
  let taken = 0;
  p.turn = opposite(mover);
  if (grandSlam) {
    const other = rowStart(opposite(mover), m);
    if (p.rules.variant === 'wari' || p.rules.variant === 'warri') {
      captures = [...Array(m).keys()].map((k) => other + k).filter((k) => p.board[k] > 0);
      taken = rowSum(p.board, opposite(mover), m);
      p.captured[me] += taken;
      p.board.fill(0, other, other + m);
      if (p.rules.variant === 'wari') {
        p.captured[me] += rowSum(p.board, mover, m);
        p.board.fill(0, rowStart(mover, m), rowStart(mover, m) + m);
        p.end = 'grand-slam';
      } else {
        p.turn = mover;
      }
    }
  } else if (chain.taken > 0) {
    captures = chain.pits;
    taken = chain.taken;
    for (const k of chain.pits) p.board[k] = 0;
    p.captured[me] += taken;
  }
  if (!p.rules.playout && !p.end && p.captured[me] * 2 > p.total) p.end = 'majority';
  settle(p);
  return { position: p, path, last, captures, taken, grandSlam, again: p.turn === mover && !p.end };
}

function playKalah(p0, origin) {
  const p = copy(p0);
  const m = p.rules.pits;
  const mover = p.turn;
  const me = sideIndex(mover);
  const own = rowStart(mover, m);
  const other = rowStart(opposite(mover), m);
  const store = 2 * m + me;
  const start = origin - own;
  const seeds = p.board[origin];
  p.board[origin] = 0;
  // Slots from the mover's view: own pits 0..m-1, the store m, the
  // opponent's pits m+1..2m; the opponent's store is skipped.
  const slots = 2 * m + 1;
  const path = [];
  for (let k = 1; k <= seeds; k += 1) {
    const s = (start + k) % slots;
    if (s < m) {
      p.board[own + s] += 1;
      path.push(own + s);
    } else if (s === m) {
      p.captured[me] += 1;
      path.push(store);
    } else {
      p.board[other + s - m - 1] += 1;
      path.push(other + s - m - 1);
    }
  }
  const lastSlot = (start + seeds) % slots;
  let captures = [];
  let taken = 0;
  if (lastSlot !== m) {
    if (lastSlot < m && p.board[own + lastSlot] === 1) {
      const facing = 2 * m - 1 - (own + lastSlot);
      if (p.board[facing] > 0 || p.rules.emptyCapture) {
        taken = 1 + p.board[facing];
        captures = p.board[facing] > 0 ? [own + lastSlot, facing] : [own + lastSlot];
        p.captured[me] += taken;
        p.board[own + lastSlot] = 0;
        p.board[facing] = 0;
      }
    }
    p.turn = opposite(mover);
  }
  settle(p);
  return {
    position: p, path, last: path[path.length - 1], captures, taken, grandSlam: false, again: lastSlot === m && !p.end,
  };
}

/** Half seeds as text: 49 → "24½". */
const halfText = (halves) => (halves % 2 === 0 ? `${halves / 2}` : `${(halves - 1) / 2}½`);

function outcomeByCount(reason, halves) {
  let result = 'draw';
  if (halves[0] > halves[1]) result = 'S';
  if (halves[1] > halves[0]) result = 'N';
  return { reason, result, score: `${halfText(halves[0])}-${halfText(halves[1])}` };
}

const boardKey = (p) => `${p.board.join(',')} ${p.turn} ${p.captured.join('-')}`;
const onBoard = (p) => p.total - p.captured[0] - p.captured[1];

/**
 * A game from a start position: the moves, the position after each, and
 * the outcome once the rules (the cycle rule included) end it.
 */
export class Game {
  constructor(rules, start) {
    const r = typeof rules === 'string' ? parseRules(rules) : rules;
    const first = start ? parsePosition(start, r) : startPosition(r);
    this.rules = r;
    this.positions = [first];
    this.moves = [];
    this.steps = [];
    this.outcome = first.end ? outcomeByCount(first.end, first.captured.map((c) => 2 * c)) : null;
    this.final = first;
  }

  /** The position now (after an end that sweeps, with the rows swept). */
  get position() {
    return this.final;
  }

  get over() {
    return this.outcome !== null;
  }

  legalMoves() {
    return this.over ? [] : legalMoves(this.positions[this.positions.length - 1]);
  }

  /** Plays a move; throws with the reason if it is illegal. */
  play(letter) {
    const now = this.positions[this.positions.length - 1];
    const why = this.over ? 'the game is over' : illegalReason(now, letter);
    if (why) throw new IllegalMove(why, now, letter);
    const step = play(now, letter);
    const next = step.position;
    this.moves.push(letter);
    this.steps.push(step);
    this.positions.push(next);
    this.final = next;
    if (next.end) {
      this.outcome = outcomeByCount(next.end, next.captured.map((c) => 2 * c));
    } else if (!isKalah(this.rules) && this.occurrences(next) >= (this.rules.cycle === '3' ? 3 : 2)) {
      this.endLikeACycle('repetition');
    }
    return step;
  }

  // Captures cannot be undone, so only positions since the last capture
  // (the same seeds on the board) can repeat.
  occurrences(p) {
    const key = boardKey(p);
    let count = 0;
    for (let i = this.positions.length - 1; i >= 0; i -= 1) {
      const q = this.positions[i];
      if (onBoard(q) !== onBoard(p)) break;
      if (boardKey(q) === key) count += 1;
    }
    return count;
  }

  endLikeACycle(reason) {
    const last = copy(this.positions[this.positions.length - 1]);
    let halves;
    if (this.rules.cycle === 'even') {
      const left = onBoard(last);
      halves = last.captured.map((c) => 2 * c + left);
    } else {
      sweep(last);
      halves = last.captured.map((c) => 2 * c);
    }
    last.end = reason;
    last.movable = [];
    this.final = last;
    this.outcome = outcomeByCount(reason, halves);
  }
}
