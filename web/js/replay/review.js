// @ts-check
// The replay page's review (docs/WEB.md, "Game review"): asked of the
// server (POST /api/games/ID/review), followed until done, then shown as
// each player's accuracy, an evaluation graph (SVG: a point a position,
// South's view) and the marked moves. A point or a marked move opens the
// analysis board at the position before the move, the better line next.

import { api } from '../api.js';
import { analysisUrl } from '../analysis/url.js';
import { fill, h } from '../dom.js';
import { sideName } from '../words.js';

const SVG = 'http://www.w3.org/2000/svg';
/** How often the progress is read while the server reviews. */
const POLL_MS = 1000;
/** The graph's height stands for this many seeds either way. */
const GRAPH_SEEDS = 12;

const MARK_SIGNS = { blunder: '??', mistake: '?', inaccuracy: '?!' };
const MARK_WORDS = { blunder: 'blunder', mistake: 'mistake', inaccuracy: 'inaccuracy' };
const MARK_PLURALS = { blunder: 'blunders', mistake: 'mistakes', inaccuracy: 'inaccuracies' };

/** @param {string} tag @param {Record<string, string | number>} attrs */
function svg(tag, attrs = {}) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

const seeds = (v) => `${Math.abs(v).toFixed(1)} ${Math.abs(v) === 1 ? 'seed' : 'seeds'}`;
const valueText = (v) => (v === 0 ? 'level' : `${v > 0 ? 'South' : 'North'} ahead by ${seeds(v)}`);

/**
 * The review panel of a finished game.
 * @param {{id: string, rules: string, start?: string, moves: string[], go: (ply: number) => void, onMarks: (marks: Map<number, string>) => void}} options
 */
export function reviewPanel({
  id, rules, start, moves, go, onMarks,
}) {
  let timer = null;
  let gone = false;
  const status = h('p', { class: 'review-status', 'aria-live': 'polite' });
  const ask = h('button', { type: 'button', class: 'primary review-ask', onclick: () => request() }, 'Review this game');
  const body = h('div', { class: 'review-body' });
  const element = h('div', { class: 'review' }, h('p', {}, ask), status, body);

  /** The analysis board before move `ply` (1-based), the better line next. */
  const betterAt = (ply, line) => analysisUrl({
    rules, position: start, moves: [...moves.slice(0, ply - 1), ...line], ply: ply - 1,
  });

  function showProgress(review) {
    status.textContent = review.status === 'computing'
      ? `The server is reviewing the game: ${review.done} of ${review.plies} moves…`
      : '';
  }

  function graph(review) {
    const points = review.graph;
    const width = 300;
    const height = 100;
    const n = Math.max(1, points.length - 1);
    const x = (ply) => (ply / n) * width;
    const y = (v) => height / 2 - (Math.max(-GRAPH_SEEDS, Math.min(GRAPH_SEEDS, v)) / GRAPH_SEEDS) * (height / 2);
    const chart = svg('svg', {
      viewBox: `0 0 ${width} ${height}`, class: 'review-graph', role: 'img',
      'aria-label': `Evaluation over the game, South's view: from ${valueText(points[0].value)} to ${valueText(points[points.length - 1].value)}`,
    });
    chart.append(svg('line', {
      x1: 0, y1: height / 2, x2: width, y2: height / 2, class: 'review-axis',
    }));
    chart.append(svg('polyline', {
      points: points.map((p) => `${x(p.ply).toFixed(1)},${y(p.value).toFixed(1)}`).join(' '), class: 'review-line',
    }));
    const byPly = new Map(review.moves.map((m) => [m.ply, m]));
    for (const p of points) {
      // The position after move p.ply: coloured by that move's mark; it
      // opens with the best line from it (the next move's review).
      const led = byPly.get(p.ply);
      const next = byPly.get(p.ply + 1);
      const link = svg('a', {
        href: next ? betterAt(next.ply, next.best_line.split('')) : analysisUrl({
          rules, position: start, moves, ply: p.ply,
        }),
        class: `review-point${led?.mark ? ` mark-${led.mark}` : ''}`,
        'aria-label': `${p.ply === 0 ? 'Start' : `After move ${p.ply}`}: ${valueText(p.value)}${p.exact ? ' (proven)' : ''}${next ? `; best next ${next.best}` : ''}`,
      });
      link.append(svg('circle', { cx: x(p.ply).toFixed(1), cy: y(p.value).toFixed(1), r: led?.mark ? 4 : 2.5 }));
      const title = svg('title');
      title.textContent = link.getAttribute('aria-label');
      link.append(title);
      chart.append(link);
    }
    return chart;
  }

  function showReview(review) {
    status.textContent = `Reviewed at depth ${review.depth}.`;
    ask.hidden = true;
    const accuracy = (side) => {
      const a = review.accuracy[side];
      const counts = review.marks[side];
      const marks = ['blunder', 'mistake', 'inaccuracy']
        .map((k) => `${counts[k]} ${counts[k] === 1 ? MARK_WORDS[k] : MARK_PLURALS[k]}`).join(', ');
      return h('li', { 'data-side': side },
        h('strong', {}, sideName(side)), `: accuracy ${a === null ? '—' : `${a.toFixed(1)}%`}; ${marks}`);
    };
    const marked = review.moves.filter((m) => m.mark);
    const marks = new Map(marked.map((m) => [m.ply, m.mark]));
    onMarks(marks);
    fill(body,
      h('ul', { class: 'review-accuracy' }, accuracy('S'), accuracy('N')),
      graph(review),
      marked.length
        ? h('ol', { class: 'review-marks', 'aria-label': 'Marked moves' }, marked.map((m) => h('li', { 'data-mark': m.mark },
          h('button', { type: 'button', class: 'move', onclick: () => go(m.ply) },
            `${m.ply}. ${m.move}${MARK_SIGNS[m.mark]}`),
          ` ${MARK_WORDS[m.mark]} by ${sideName(m.side)}: ${seeds(m.loss)} lost; best ${m.best} `,
          h('a', { href: betterAt(m.ply, m.best_line.split('')), class: 'review-better' }, 'Show the better move'))))
        : h('p', {}, 'No move lost a seed or more.'));
  }

  function follow(review) {
    if (gone) return;
    if (review.status === 'done') {
      showReview(review);
      return;
    }
    if (review.status === 'none') {
      status.textContent = '';
      ask.hidden = false;
      return;
    }
    ask.hidden = true;
    showProgress(review);
    timer = setTimeout(async () => {
      try {
        follow(await api.review(id));
      } catch (err) {
        if (!gone) status.textContent = `The review cannot be read: ${err.message}.`;
      }
    }, POLL_MS);
  }

  async function request() {
    ask.disabled = true;
    try {
      follow(await api.requestReview(id));
    } catch (err) {
      status.textContent = `No review: ${err.message}.`;
    } finally {
      ask.disabled = false;
    }
  }

  // A review done (or under way) before is shown at once.
  (async () => {
    try {
      follow(await api.review(id));
    } catch {
      // Not finished, or not there: the page says so itself.
      ask.hidden = true;
    }
  })();

  return {
    element,
    destroy: () => {
      gone = true;
      clearTimeout(timer);
    },
  };
}
