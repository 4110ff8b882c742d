// @ts-check
// The replay page's review (docs/WEB.md, "Game review"): asked of the
// server (POST /api/games/ID/review), followed until done (its NDJSON
// stream; read each second instead if the stream breaks), then shown as
// each player's accuracy, an evaluation graph (SVG: a point a position,
// South's view) and the marked moves. A point or a marked move opens the
// analysis board at the position before the move, the better line next.

import { api } from '../api.js';
import { analysisUrl } from '../analysis/url.js';
import { fill, h } from '../dom.js';
import { t } from '../i18n.js';
import { readLines } from '../ndjson.js';
import { sideName } from '../words.js';

const SVG = 'http://www.w3.org/2000/svg';
/** How often the progress is read while the server reviews, if its stream broke. */
const POLL_MS = 1000;
/** The graph's height stands for this many seeds either way. */
const GRAPH_SEEDS = 12;

const MARK_SIGNS = { blunder: '??', mistake: '?', inaccuracy: '?!' };
/** Each mark's word (the API's codes), one mark or a count of them. */
const MARK_WORDS = { blunder: 'review-blunder', mistake: 'review-mistake', inaccuracy: 'review-inaccuracy' };
const MARK_COUNTS = { blunder: 'review-blunders', mistake: 'review-mistakes', inaccuracy: 'review-inaccuracies' };

/**
 * A mark in words: "blunder", "error grave".
 * @param {string} mark
 */
export const markWord = (mark) => (MARK_WORDS[mark] ? t(MARK_WORDS[mark]) : mark);

/** @param {string} tag @param {Record<string, string | number>} attrs */
function svg(tag, attrs = {}) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/** A value in seeds, South's view, in words: "level", "South ahead by 2.5 seeds". */
const valueText = (v) => (v === 0 ? t('review-level') : t('review-ahead', { side: sideName(v > 0 ? 'S' : 'N'), seeds: Math.abs(v) }));

/**
 * A point of the graph in words: "After move 3: South ahead by 2 seeds
 * (proven); best next C".
 * @param {{ply: number, value: number, exact: boolean}} p
 * @param {{best: string} | undefined} next
 */
function pointText(p, next) {
  const where = p.ply === 0 ? t('review-point-start') : t('review-point-after', { ply: p.ply });
  const value = p.exact ? t('review-proven', { value: valueText(p.value) }) : valueText(p.value);
  return next ? t('review-point-next', { where, value, best: next.best }) : t('review-point', { where, value });
}

/**
 * The review panel of a finished game.
 * @param {{id: string, rules: string, start?: string, moves: string[], go: (ply: number) => void, onMarks: (marks: Map<number, string>) => void}} options
 */
export function reviewPanel({
  id, rules, start, moves, go, onMarks,
}) {
  let timer = null;
  let gone = false;
  /** The stream followed, while one is. */
  let following = null;
  const status = h('p', { class: 'review-status', 'aria-live': 'polite' });
  const ask = h('button', { type: 'button', class: 'primary review-ask', onclick: () => request() }, t('review-ask'));
  const body = h('div', { class: 'review-body' });
  const element = h('div', { class: 'review' }, h('p', {}, ask), status, body);

  /** The analysis board before move `ply` (1-based), the better line next. */
  const betterAt = (ply, line) => analysisUrl({
    rules, position: start, moves: [...moves.slice(0, ply - 1), ...line], ply: ply - 1,
  });

  function showProgress(review) {
    status.textContent = review.status === 'computing'
      ? t('review-progress', { done: review.done, plies: review.plies })
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
      'aria-label': t('review-graph', { from: valueText(points[0].value), to: valueText(points[points.length - 1].value) }),
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
        'aria-label': pointText(p, next),
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
    status.textContent = t('review-done', { depth: review.depth });
    ask.hidden = true;
    const accuracy = (side) => {
      const a = review.accuracy[side];
      const counts = review.marks[side];
      const marks = ['blunder', 'mistake', 'inaccuracy'].map((k) => t(MARK_COUNTS[k], { count: counts[k] })).join(', ');
      return h('li', { 'data-side': side },
        h('strong', {}, sideName(side)), ': ', a === null ? t('review-no-accuracy', { marks }) : t('review-accuracy', { accuracy: a / 100, marks }));
    };
    const marked = review.moves.filter((m) => m.mark);
    const marks = new Map(marked.map((m) => [m.ply, m.mark]));
    onMarks(marks);
    fill(body,
      h('ul', { class: 'review-accuracy' }, accuracy('S'), accuracy('N')),
      graph(review),
      marked.length
        ? h('ol', { class: 'review-marks', 'aria-label': t('review-marked') }, marked.map((m) => h('li', { 'data-mark': m.mark },
          h('button', { type: 'button', class: 'move', onclick: () => go(m.ply) },
            `${m.ply}. ${m.move}${MARK_SIGNS[m.mark]}`),
          ` ${t('review-mark-line', {
            mark: markWord(m.mark), side: sideName(m.side), seeds: m.loss, best: m.best,
          })} `,
          h('a', { href: betterAt(m.ply, m.best_line.split('')), class: 'review-better' }, t('review-better')))))
        : h('p', {}, t('review-no-marks')));
  }

  /** Shows `review` (done, under way or never asked for): whether it is done. */
  function show(review) {
    if (review.status === 'done') {
      showReview(review);
      return true;
    }
    if (review.status === 'none') {
      status.textContent = '';
      ask.hidden = false;
      return false;
    }
    ask.hidden = true;
    showProgress(review);
    return false;
  }

  function follow(review) {
    if (gone || show(review)) return;
    if (review.status === 'computing') stream();
  }

  /**
   * Follows the review's stream (GET /api/games/ID/review/stream) to its
   * end. If it ends without the review (the server computing it went
   * away), the review is asked for again, which starts it anew; if it
   * breaks, the progress is read each second instead.
   */
  async function stream() {
    if (following) return;
    const controller = new AbortController();
    following = controller;
    let done = false;
    try {
      const response = await fetch(`/api/games/${encodeURIComponent(id)}/review/stream`, { credentials: 'same-origin', signal: controller.signal });
      if (!response.ok) throw new Error(`${response.status}`);
      await readLines(response, (review) => {
        if (!gone) done = show(review) || done;
      });
    } catch {
      if (gone) return;
      following = null;
      poll();
      return;
    }
    following = null;
    if (!done && !gone) request();
  }

  /** Reads the progress in a second (the stream broke). */
  function poll() {
    timer = setTimeout(async () => {
      try {
        const review = await api.review(id);
        if (!gone && !show(review) && review.status === 'computing') poll();
      } catch (err) {
        if (!gone) status.textContent = t('review-read-error', { error: err.message });
      }
    }, POLL_MS);
  }

  async function request() {
    ask.disabled = true;
    try {
      follow(await api.requestReview(id));
    } catch (err) {
      status.textContent = t('review-error', { error: err.message });
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
      following?.abort();
    },
  };
}
