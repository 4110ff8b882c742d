// @ts-check
// The replay page: a finished game stepped through move by move (buttons,
// arrow keys, a click on a move), the engine's evaluation and best line
// for the position on screen, and the OGN to download.

import { api } from './api.js';
import { createBoard } from './board.js';
import { fill, h } from './dom.js';
import { t } from './i18n.js';
import { errorText } from './refusal.js';
import { resultText } from './game/result.js';
import {
  Game, parsePosition, pitIndex, pitLetter, positionString,
} from './rules.js';
import { svgIcon } from './icons.js';
import { analysisUrl } from './analysis/url.js';
import { markWord, reviewPanel } from './replay/review.js';
import {
  lineOf, rulesText, scoreText, sideName,
} from './words.js';

const ANALYSIS_MS = 500;

const ANALYSIS_DELAY_MS = 200;

const nameOf = (game, side) => game.players?.[side]?.name ?? sideName(side);

export function mountReplay(outlet, { id }) {
  let game = null;
  let record = null; // a rules.js Game with every position
  let finalPosition = null; // the server's last position, when the moves reach it
  let index = 0;
  let flipped = false;
  let gone = false;
  let analysisTimer = null;
  let analysisAbort = null;
  const analyses = new Map();

  const board = createBoard({ onRefuse: () => {} });
  const title = h('h1', {}, t('replay-title'));
  const where = h('p', { class: 'replay-where', 'aria-live': 'polite' });
  const banner = h('div', { class: 'banner', hidden: true });
  const moveList = h('ol', { class: 'move-list replay-moves', 'aria-label': t('replay-moves-label') });
  const evalBox = h('div', { class: 'evaluation', 'aria-live': 'polite' });
  const bar = h('div', {
    class: 'eval-bar', role: 'img', 'aria-label': t('replay-eval-bar'),
  }, h('div', { class: 'eval-south' }));
  const button = (label, icon, onclick) => h('button', {
    type: 'button', 'aria-label': label, title: label, onclick,
  }, svgIcon(icon));
  const nav = h('div', { class: 'replay-nav', role: 'group', 'aria-label': t('replay-step') },
    button(t('analysis-first'), 'first', () => go(0)),
    button(t('analysis-previous'), 'previous', () => go(index - 1)),
    button(t('analysis-next'), 'next', () => go(index + 1)),
    button(t('replay-last'), 'last', () => go(Infinity)),
    button(t('analysis-flip'), 'turn', () => { flipped = !flipped; show(); }));
  const download = h('a', { class: 'button', download: `wari-${id}.ogn`, href: api.ognUrl(id) }, t('analysis-ogn-download'));
  const info = h('p', { class: 'game-info' });
  const analyseLink = h('a', { class: 'button', href: '/analysis' }, t('replay-analyse'));
  const reviewBox = h('section', { class: 'review-panel', 'aria-labelledby': 'review-title', hidden: true },
    h('h2', { id: 'review-title' }, t('replay-review')));
  let review = null;

  outlet.append(h('section', { class: 'replay-page game-page' },
    h('div', { class: 'play-area' }, title, info, board.element, nav, where),
    h('aside', { class: 'panel' },
      banner,
      h('h2', {}, t('analysis-engine-heading')), bar, evalBox,
      reviewBox,
      h('h2', {}, t('analysis-moves')), moveList,
      h('p', {}, analyseLink, ' ', download, ' ', h('a', { href: '/archive' }, t('replay-archive'))))));

  function go(i) {
    if (!record) return;
    const next = Math.max(0, Math.min(record.moves.length, i));
    if (next === index) return;
    index = next;
    show();
  }

  function positionAt(i) {
    // The last position shows the end as the server has it (rows swept,
    // also after an agreement, which the moves alone do not tell).
    if (i === record.moves.length) return finalPosition ?? record.position;
    return record.positions[i];
  }

  function show() {
    const m = record.rules.pits;
    const pos = positionAt(index);
    const step = index > 0 ? record.steps[index - 1] : null;
    board.update({
      position: pos,
      legal: [],
      flipped,
      lastMove: step ? { move: record.moves[index - 1], captured_pits: step.captures.map((k) => pitLetter(k, m)) } : null,
    });
    const total = record.moves.length;
    if (index === 0) where.textContent = t('replay-start', { total });
    else {
      const letter = record.moves[index - 1];
      const side = pitIndex(letter, m) < m ? 'S' : 'N';
      const args = {
        index, total, side: sideName(side), move: letter, seeds: step.taken,
      };
      where.textContent = step.taken ? t('replay-after-capture', args) : t('replay-after', args);
    }
    for (const [i, li] of [...moveList.children].entries()) {
      const b = li.querySelector('button');
      if (i + 1 === index) {
        b.setAttribute('aria-current', 'step');
        li.scrollIntoView?.({ block: 'nearest' });
      } else b.removeAttribute('aria-current');
    }
    const atEnd = index === total;
    banner.hidden = !(atEnd && game.status === 'finished' && (game.result || game.reason === 'aborted'));
    if (!banner.hidden) {
      const r = resultText({ ...game, you: null });
      fill(banner, h('p', { class: 'headline' }, h('span', { class: 'result-mark', 'aria-hidden': 'true' }, r.mark), ' ', r.headline), h('p', { class: 'reason' }, r.detail));
    }
    analyseLink.setAttribute('href', analysisUrl({
      rules: game.rules, position: game.start ?? undefined, moves: record.moves, ply: index,
    }));
    analyse(pos);
  }

  function showAnalysis(pos, result) {
    if (result.error) {
      fill(evalBox, h('p', { class: 'error' }, t('replay-eval-error', { error: result.error })));
      return;
    }
    const score = Number(result.score);
    const south = pos.turn === 'S' ? score : -score;
    // The bar: South's share, from 0 (North winning by 8 or more) to 1.
    const share = Number.isFinite(south) ? Math.max(0, Math.min(1, 0.5 + south / 16)) : 0.5;
    bar.firstElementChild.style.width = `${(share * 100).toFixed(1)}%`;
    bar.setAttribute('aria-label', t('replay-eval-bar-value', { score: scoreText(result, pos.turn) }));
    fill(evalBox,
      h('p', { class: 'eval-score' }, scoreText(result, pos.turn)),
      h('p', {}, t('replay-best-move'), ' ', h('strong', { class: 'eval-best' }, result.best ?? '—'),
        result.depth ? ` ${t('replay-depth', { depth: result.depth })}` : ''),
      h('p', {}, t('replay-best-line'), ' ', h('code', { class: 'eval-pv' }, lineOf(result.pv) || '—')));
  }

  function analyse(pos) {
    clearTimeout(analysisTimer);
    analysisAbort?.abort();
    if (pos.end) {
      bar.firstElementChild.style.width = '50%';
      fill(evalBox, h('p', {}, t('analysis-engine-over')));
      return;
    }
    const key = positionString(pos);
    if (analyses.has(key)) {
      showAnalysis(pos, analyses.get(key));
      return;
    }
    fill(evalBox, h('p', { class: 'thinking' }, t('analysis-engine-thinking')));
    analysisTimer = setTimeout(async () => {
      analysisAbort = new AbortController();
      try {
        const result = await api.analyze({ rules: game.rules, position: key, movetime: ANALYSIS_MS }, analysisAbort.signal);
        analyses.set(key, result);
        if (!gone && positionString(positionAt(index)) === key) showAnalysis(pos, result);
      } catch (err) {
        if (err.name !== 'AbortError' && !gone) showAnalysis(pos, { error: err.message });
      }
    }, ANALYSIS_DELAY_MS);
  }

  function onKey(event) {
    if (event.target.closest?.('input, select, textarea')) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = {
      ArrowLeft: () => go(index - 1),
      ArrowRight: () => go(index + 1),
      Home: () => go(0),
      End: () => go(Infinity),
    };
    if (moves[event.key]) {
      event.preventDefault();
      moves[event.key]();
    }
  }
  document.addEventListener('keydown', onKey);

  (async () => {
    try {
      game = await api.game(id);
    } catch (err) {
      if (!gone) fill(where, err.status === 404 ? t('replay-no-game') : t('replay-load-error', { error: err.message }));
      return;
    }
    if (gone) return;
    record = new Game(game.rules, game.start ?? undefined);
    for (const letter of game.moves) {
      try {
        record.play(letter);
      } catch (err) {
        fill(where, t('replay-record-stops', { index: record.moves.length + 1, move: letter, error: errorText(err) }));
        break;
      }
    }
    if (record.moves.length === game.moves.length) {
      try {
        finalPosition = parsePosition(game.position, record.rules);
      } catch {
        finalPosition = null;
      }
    }
    title.textContent = `${nameOf(game, 'S')} – ${nameOf(game, 'N')}`;
    info.textContent = rulesText(game.rules);
    const m = record.rules.pits;
    fill(moveList, record.moves.map((letter, i) => {
      const side = pitIndex(letter, m) < m ? 'S' : 'N';
      const took = record.steps[i].taken;
      return h('li', { 'data-side': side },
        h('button', {
          type: 'button', class: 'move', onclick: () => go(i + 1), 'aria-label': took ? t('replay-move-capture', {
            index: i + 1, side: sideName(side), move: letter, seeds: took,
          }) : t('replay-move', { index: i + 1, side: sideName(side), move: letter }),
        }, letter, took ? h('span', { class: 'took' }, ` ×${took}`) : null));
    }));
    index = record.moves.length;
    show();
    if (game.status === 'finished' && record.moves.length === game.moves.length) {
      review = reviewPanel({
        id,
        rules: game.rules,
        start: game.start ?? undefined,
        moves: record.moves,
        go: (ply) => go(ply),
        onMarks: (marks) => {
          for (const [i, li] of [...moveList.children].entries()) {
            const mark = marks.get(i + 1);
            if (!mark) continue;
            li.setAttribute('data-mark', mark);
            const b = li.querySelector('button');
            b.setAttribute('aria-label', `${b.getAttribute('aria-label')}, ${markWord(mark)}`);
          }
        },
      });
      reviewBox.append(review.element);
      reviewBox.hidden = false;
    }
  })();

  return () => {
    gone = true;
    clearTimeout(analysisTimer);
    analysisAbort?.abort();
    document.removeEventListener('keydown', onKey);
    review?.destroy();
    board.destroy();
  };
}
