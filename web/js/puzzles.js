// @ts-check
// The puzzle trainer (/puzzles?rules=FAMILY, or ?id=ID for one puzzle):
// the puzzles `wari puzzles` made (web/puzzles/FAMILY.ndjson, docs/
// PUZZLES.md), each a position where one move wins clearly more than any
// other. A move is checked against the proven answer after rules.js has
// played it; a multi-move puzzle's opponent replies with its best move.
// The moves played go to the server (POST /api/puzzles/ID/attempt), which
// judges them again by the rules and rates the attempt like a game of
// Glicko-2 against the puzzle. A signed-in player's rating per rule family
// is the server's (only the first attempt at a puzzle counts; GET
// /api/puzzles/rating reads it and the puzzles tried); a guest's is kept
// in the browser's storage and sent with each attempt. The next puzzle is
// the untried one nearest to the rating.

import { api } from './api.js';
import { analysisUrl } from './analysis/url.js';
import { createBoard } from './board.js';
import { fill, h } from './dom.js';
import { t } from './i18n.js';
import { refusalText } from './refusal.js';
import { knownSession, onSession } from './session.js';
import { Game, pitLetter } from './rules.js';
import { ratingText, rulesText, sideName } from './words.js';

// The families of web/puzzles/, as the ratings are kept.
const FAMILIES = ['kalah', 'abapa', 'wari', 'warri'];
/** A pause before the opponent's reply, so that the solver sees their own move first. */
const REPLY_MS = 400;

const ratingKey = (family) => `wari.puzzle-rating.${family}`;
const seenKey = (family) => `wari.puzzles-seen.${family}`;

/** A guest's puzzle rating of a family, from the browser's storage, or null. */
function storedRating(family) {
  try {
    const r = JSON.parse(localStorage.getItem(ratingKey(family)) ?? 'null');
    if (r && Number.isFinite(r.rating)) return r;
  } catch {
    // A broken entry: start again.
  }
  return null;
}

/** The puzzles of a family, from the file the server embeds. */
async function load(family) {
  const response = await fetch(`/puzzles/${family}.ndjson`);
  if (!response.ok) throw new Error(t('puzzles-none', { family }));
  return (await response.text()).split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
}

/** The themes' names (docs/PUZZLES.md's codes). */
const THEMES = {
  'capture-chain': 'puzzles-theme-capture-chain',
  'grand-slam': 'puzzles-theme-grand-slam',
  feeding: 'puzzles-theme-feeding',
  cycle: 'puzzles-theme-cycle',
  endgame: 'puzzles-theme-endgame',
  'extra-move': 'puzzles-theme-extra-move',
};

export function mountPuzzles(outlet) {
  const params = new URLSearchParams(location.search);
  let family = params.get('rules') ?? (params.get('id') ?? FAMILIES[0]).split('-')[0];
  if (!FAMILIES.includes(family)) family = FAMILIES[0];
  let puzzles = [];
  let puzzle = null;
  let game = null;
  let solver = 'S';
  let step = 0; // moves of the solution played
  /** @type {string[]} the moves played, the opponent's replies included */
  let line = [];
  /** @type {{ratings: Record<string, any>, tried: Record<string, string[]>} | null} a signed-in player's, from the server */
  let account = null;
  let over = false;
  let gone = false;
  let timer;

  const title = h('h1', {}, t('puzzles-title'));
  const ratingLine = h('p', { class: 'puzzle-rating', 'aria-live': 'polite' });
  const kept = h('p', { class: 'muted puzzle-rating-kept' });
  const task = h('p', { class: 'puzzle-task' });
  const verdict = h('p', { class: 'puzzle-verdict', role: 'status', 'aria-live': 'polite' });
  const board = createBoard({
    onPlay: (letter) => attempt(letter),
    onRefuse: (letter) => { verdict.textContent = t('analysis-refused-here', { move: letter }); },
  });
  const next = h('button', { type: 'button', class: 'primary', hidden: true, onclick: () => pick() }, t('puzzles-next'));
  const analyse = h('a', { class: 'button', hidden: true, href: '/analysis' }, t('puzzles-analyse'));
  const about = h('p', { class: 'muted puzzle-about' });
  const familyButtons = h('div', { class: 'replay-nav', role: 'group', 'aria-label': t('puzzles-rule-set') },
    FAMILIES.map((f) => h('button', {
      type: 'button', 'data-family': f, 'aria-pressed': String(f === family), onclick: () => choose(f),
    }, f)));

  outlet.append(h('section', { class: 'replay-page game-page puzzles-page' },
    h('div', { class: 'play-area' }, title, task, board.element, verdict, h('p', {}, next, ' ', analyse)),
    h('aside', { class: 'panel' },
      h('h2', {}, t('puzzles-rule-set')), familyButtons,
      h('h2', {}, t('puzzles-your-rating')), ratingLine, kept,
      h('p', {}, t('puzzles-about')),
      about)));

  /** The rating of the family: the account's, or the browser's; null for a new player. */
  const rating = () => (account ? account.ratings[family] ?? null : storedRating(family));

  /** The puzzles of the family already tried. */
  const tried = () => new Set(account ? account.tried[family] ?? [] : JSON.parse(localStorage.getItem(seenKey(family)) ?? '[]'));

  /** The signed-in player's ratings from the server; none for a guest. */
  async function loadAccount() {
    const session = await knownSession().catch(() => null);
    account = session?.account ? await api.puzzleRatings().catch(() => null) : null;
    if (account) {
      account.ratings ??= {};
      account.tried ??= {};
    }
    if (!gone) showRating();
  }

  function showRating() {
    const r = rating();
    kept.textContent = t(account ? 'puzzles-kept-account' : 'puzzles-kept-browser');
    ratingLine.textContent = r
      ? `${family}: ${ratingText(Math.round(r.rating), r.provisional)}`
      : t('puzzles-no-rating', { family });
  }

  async function choose(f) {
    family = f;
    for (const b of familyButtons.querySelectorAll('button')) b.setAttribute('aria-pressed', String(b.getAttribute('data-family') === f));
    showRating();
    try {
      puzzles = await load(family);
    } catch (err) {
      verdict.textContent = t('puzzles-load-error', { error: err.message });
      return;
    }
    if (!gone) pick();
  }

  /** The unseen puzzle nearest to the rating (or the one asked for). */
  function pick(id = null) {
    let chosen = id ? puzzles.find((p) => p.id === id) : null;
    if (!chosen) {
      const seen = tried();
      const target = rating()?.rating ?? 1500;
      const fresh = puzzles.filter((p) => !seen.has(p.id));
      const pool = fresh.length ? fresh : puzzles;
      chosen = pool.reduce((a, b) => (Math.abs(b.rating - target) < Math.abs(a.rating - target) ? b : a));
    }
    start(chosen);
  }

  function start(p) {
    clearTimeout(timer);
    puzzle = p;
    game = new Game(p.rules, p.position);
    solver = game.position.turn;
    step = 0;
    line = [];
    over = false;
    next.hidden = true;
    analyse.hidden = true;
    title.textContent = t('puzzles-puzzle', { id: String(p.id) });
    task.textContent = t('puzzles-task', { side: sideName(solver), seeds: p.gap });
    verdict.textContent = '';
    about.textContent = t('puzzles-rated', { rules: rulesText(p.rules), rating: String(p.rating) });
    show();
  }

  function show(lastMove = null) {
    board.update({
      position: game.position,
      legal: over || game.position.turn !== solver ? [] : game.legalMoves(),
      flipped: solver === 'N',
      lastMove,
    });
  }

  function played(letter) {
    const s = game.play(letter);
    line.push(letter);
    return { move: letter, captured_pits: s.captures.map((k) => pitLetter(k, game.rules.pits)) };
  }

  const solution = () => puzzle.solution.split('');

  async function attempt(letter) {
    if (over || game.position.turn !== solver) return;
    const expected = solution()[step];
    let last;
    try {
      last = played(letter);
    } catch {
      verdict.textContent = refusalText(game.position, letter);
      return;
    }
    if (letter !== expected) {
      over = true;
      verdict.dataset.verdict = 'failed';
      verdict.textContent = t('puzzles-failed', { move: expected });
      show(last);
      await finish(false);
      return;
    }
    step += 1;
    show(last);
    if (step >= solution().length) {
      over = true;
      verdict.dataset.verdict = 'solved';
      verdict.textContent = t('puzzles-solved', { moves: solution().join(' ') });
      await finish(true);
      return;
    }
    verdict.dataset.verdict = 'going';
    verdict.textContent = t('puzzles-right');
    // The opponent's best reply, then the solver's next move.
    timer = setTimeout(() => {
      if (gone) return;
      const reply = solution()[step];
      step += 1;
      const r = played(reply);
      verdict.textContent = t('puzzles-reply', { move: reply });
      show(r);
    }, REPLY_MS);
  }

  async function finish(solved) {
    const id = puzzle.id;
    const attemptFamily = family;
    analyse.setAttribute('href', analysisUrl({ rules: puzzle.rules, position: puzzle.position }));
    analyse.hidden = false;
    next.hidden = false;
    const themes = puzzle.themes.map((/** @type {string} */ theme) => (THEMES[theme] ? t(THEMES[theme]) : theme));
    if (themes.length) about.textContent += ` ${t('puzzles-themes', { themes: themes.join(', ') })}`;
    try {
      // The server judges the moves again; a guest sends the browser's rating.
      const before = account ? null : storedRating(attemptFamily);
      const result = await api.attemptPuzzle(id, {
        moves: line.join(' '),
        player: before ? { rating: before.rating, deviation: before.deviation, volatility: before.volatility } : undefined,
      });
      if (result.solved !== solved) throw new Error(t('puzzles-judged-otherwise'));
      if (result.kept === 'account' && account) {
        account.ratings[attemptFamily] = result.rating;
        account.tried[attemptFamily] = [...new Set([...(account.tried[attemptFamily] ?? []), id])];
      } else {
        localStorage.setItem(ratingKey(attemptFamily), JSON.stringify(result.rating));
        const seen = new Set(JSON.parse(localStorage.getItem(seenKey(attemptFamily)) ?? '[]'));
        seen.add(id);
        localStorage.setItem(seenKey(attemptFamily), JSON.stringify([...seen]));
      }
      if (gone || family !== attemptFamily) return;
      showRating();
      if (result.rated) {
        const change = Math.round(result.rating.rating) - Math.round(result.before.rating);
        ratingLine.textContent += ` (${change >= 0 ? '+' : '−'}${Math.abs(change)})`;
      } else {
        ratingLine.textContent += ` ${t('puzzles-tried-before')}`;
      }
    } catch (err) {
      ratingLine.textContent = t('puzzles-rating-error', { error: err.message });
    }
    next.focus();
  }

  showRating();
  const unwatch = onSession(() => { loadAccount(); });
  (async () => {
    await loadAccount();
    try {
      puzzles = await load(family);
    } catch (err) {
      verdict.textContent = t('puzzles-load-error', { error: err.message });
      return;
    }
    if (!gone) pick(params.get('id'));
  })();

  return () => {
    gone = true;
    unwatch();
    clearTimeout(timer);
    board.destroy();
  };
}
