// @ts-check
// The analysis board (/analysis?rules=R&position=P&moves=M&ply=N): any
// legal move played from the position grows a tree of variations (main
// line and side lines, promoted or deleted); the engine streams its three
// best lines as it deepens, stopped when the position changes or the page
// is left; near the end, the endgame tables' value of every move; the
// tree as OGN with variations, out and back in.

import { createBoard } from './board.js';
import { fill, h } from './dom.js';
import { t } from './i18n.js';
import { svgIcon } from './icons.js';
import { streamLines } from './analysis/engine.js';
import { errorText, refusalText } from './refusal.js';
import { readOgn, writeOgn } from './analysis/ogn.js';
import { Tree } from './analysis/tree.js';
import {
  parseRules, pitIndex, pitLetter, positionString, rulesString,
} from './rules.js';
import {
  lineOf, reasonText, rulesText, scoreText, sideName,
} from './words.js';

/** The engine's time on one position, in ms (the server allows 20 s). */
const ENGINE_MS = 15_000;
/** A pause before the engine starts, so stepping through moves starts no searches. */
const ENGINE_DELAY_MS = 150;

/** A table's value of a move in words, from the mover's side. */
function verdictText(value) {
  const seeds = Math.abs(value.margin);
  const what = value.margin > 0 ? t('analysis-wins-by', { seeds }) : value.margin < 0 ? t('analysis-loses-by', { seeds }) : t('analysis-draws');
  return value.exact ? t('analysis-exact', { what }) : t('analysis-estimate', { what });
}

export function mountAnalysis(outlet) {
  const params = new URLSearchParams(location.search);
  let tree;
  /** @type {import('./analysis/tree.js').TreeNode} */
  let node;
  let flipped = false;
  let engineOn = true;
  let gone = false;
  /** @type {AbortController | null} */
  let engineAbort = null;
  let engineTimer;

  const title = h('h1', {}, t('analysis-title'));
  const info = h('p', { class: 'game-info' });
  const status = h('p', { class: 'replay-where', 'aria-live': 'polite' });
  const board = createBoard({
    onPlay: (letter) => playMove(letter),
    onRefuse: (letter) => { status.textContent = t('analysis-refused-here', { move: letter }); },
  });
  const button = (label, icon, onclick) => h('button', {
    type: 'button', 'aria-label': label, title: label, onclick,
  }, svgIcon(icon));
  const nav = h('div', { class: 'replay-nav', role: 'group', 'aria-label': t('analysis-step') },
    button(t('analysis-first'), 'first', () => go(tree.root)),
    button(t('analysis-previous'), 'previous', () => go(node.parent ?? node)),
    button(t('analysis-next'), 'next', () => go(node.children[0] ?? node)),
    button(t('analysis-last'), 'last', () => go(tree.mainLine(node).at(-1) ?? node)),
    button(t('analysis-flip'), 'turn', () => { flipped = !flipped; show(); }));
  const promote = h('button', { type: 'button', onclick: () => { if (tree.promote(node)) show(); } }, t('analysis-promote'));
  const remove = h('button', {
    type: 'button',
    onclick: () => {
      if (!node.parent) return;
      node = tree.remove(node);
      show();
    },
  }, t('analysis-delete'));
  const editLink = h('a', { class: 'button', href: '/editor' }, t('analysis-set-up'));
  const lineActions = h('div', { class: 'line-actions', role: 'group', 'aria-label': t('analysis-this-line') }, promote, remove, editLink);
  const movesBox = h('div', { class: 'variations', 'aria-label': t('analysis-moves-label') });

  const engineToggle = h('button', {
    type: 'button',
    'aria-pressed': 'true',
    onclick: () => {
      engineOn = !engineOn;
      engineToggle.setAttribute('aria-pressed', String(engineOn));
      startEngine();
    },
  }, t('analysis-engine'));
  const engineStatus = h('p', { class: 'engine-status', 'aria-live': 'polite' });
  const engineLines = h('ol', { class: 'engine-lines', 'aria-label': t('analysis-engine-lines') });
  const tablesBox = h('div', { class: 'table-values' });

  const ognText = h('textarea', {
    id: 'ogn-text', rows: 6, spellcheck: 'false', 'aria-describedby': 'ogn-help',
  });
  const ognError = h('p', { class: 'error', role: 'alert' });
  const download = h('a', { class: 'button', download: 'analysis.ogn', href: '#', hidden: true }, t('analysis-ogn-download'));
  const ognFile = h('input', {
    type: 'file', accept: '.ogn,text/plain', 'aria-label': t('analysis-ogn-open'),
    onchange: async () => {
      const file = /** @type {HTMLInputElement} */ (ognFile).files?.[0];
      if (file) importOgn(await file.text());
    },
  });
  const ognBox = h('details', { class: 'ogn-box' },
    h('summary', {}, t('analysis-ogn')),
    h('p', { id: 'ogn-help' }, t('analysis-ogn-help')),
    h('label', { for: 'ogn-text' }, t('analysis-ogn-record')), ognText,
    h('p', {},
      h('button', { type: 'button', onclick: exportOgn }, t('analysis-ogn-export')), ' ',
      h('button', { type: 'button', onclick: () => importOgn(/** @type {HTMLTextAreaElement} */ (ognText).value) }, t('analysis-ogn-import')), ' ',
      download),
    h('p', {}, ognFile),
    ognError);

  outlet.append(h('section', { class: 'replay-page game-page analysis-page' },
    h('div', { class: 'play-area' }, title, info, board.element, nav, status),
    h('aside', { class: 'panel' },
      h('h2', {}, t('analysis-engine-heading'), ' ', engineToggle), engineStatus, engineLines,
      h('h2', {}, t('analysis-tables')), tablesBox,
      h('h2', {}, t('analysis-moves')), movesBox, lineActions,
      ognBox)));

  function go(next) {
    node = next;
    show();
  }

  function playMove(letter) {
    try {
      go(tree.play(node, letter));
    } catch {
      status.textContent = refusalText(tree.game(node).position, letter);
    }
  }

  function show() {
    const game = tree.game(node);
    const m = game.rules.pits;
    const step = game.steps.at(-1);
    board.update({
      position: game.position,
      legal: game.legalMoves(),
      flipped,
      lastMove: step ? { move: game.moves.at(-1), captured_pits: step.captures.map((k) => pitLetter(k, m)) } : null,
    });
    const ply = game.moves.length;
    if (game.over) status.textContent = t('analysis-over', { reason: reasonText(game.outcome.reason), score: game.position.captured.join('–') });
    else if (ply === 0) status.textContent = t('analysis-start', { side: sideName(game.position.turn) });
    else {
      const letter = game.moves.at(-1);
      const side = pitIndex(letter, m) < m ? 'S' : 'N';
      const args = {
        ply, side: sideName(side), move: letter, next: sideName(game.position.turn), seeds: step.taken,
      };
      status.textContent = step.taken ? t('analysis-after-capture', args) : t('analysis-after', args);
    }
    editLink.setAttribute('href', `/editor?${new URLSearchParams({ rules: tree.rules, position: positionString(game.position) })}`);
    promote.disabled = tree.onMainLine(node);
    remove.disabled = !node.parent;
    drawTree();
    startEngine();
  }

  /** The tree as text: the main line, side lines in parentheses after the move they replace. */
  function drawTree() {
    const moveButton = (n, ply) => {
      const number = ply % 2 === 0 ? `${ply / 2 + 1}. ` : '';
      const b = h('button', {
        type: 'button', class: 'move', 'data-ply': String(ply + 1), onclick: () => go(n),
      }, number, n.move);
      b.setAttribute('aria-label', tree.onMainLine(n) ? t('analysis-ply', { ply: ply + 1, move: n.move }) : t('analysis-ply-side', { ply: ply + 1, move: n.move }));
      if (n === node) b.setAttribute('aria-current', 'step');
      return b;
    };
    const lineFrom = (start, ply) => {
      const out = [];
      let n = start;
      let p = ply;
      while (n.children.length) {
        const [main, ...sides] = n.children;
        out.push(moveButton(main, p));
        for (const side of sides) {
          out.push(h('span', { class: 'variation' }, '(', moveButton(side, p), ...lineFrom(side, p + 1), ')'));
        }
        n = main;
        p += 1;
      }
      return out;
    };
    const items = lineFrom(tree.root, 0);
    fill(movesBox, items.length ? items : h('p', { class: 'muted' }, t('analysis-no-moves')));
    movesBox.querySelector('[aria-current="step"]')?.scrollIntoView?.({ block: 'nearest' });
  }

  function stopEngine() {
    clearTimeout(engineTimer);
    engineAbort?.abort();
    engineAbort = null;
  }

  function startEngine() {
    stopEngine();
    const game = tree.game(node);
    fill(engineLines);
    fill(tablesBox, h('p', { class: 'muted' }, t('analysis-no-table')));
    if (game.over) {
      engineStatus.textContent = t('analysis-engine-over');
      fill(tablesBox);
      return;
    }
    if (!engineOn) {
      engineStatus.textContent = t('analysis-engine-off');
      return;
    }
    engineStatus.textContent = t('analysis-engine-thinking');
    const controller = new AbortController();
    engineAbort = controller;
    const turn = game.position.turn;
    const query = {
      rules: tree.rules, position: positionString(game.positions[0]), moves: game.moves.join(''), movetime: ENGINE_MS,
    };
    engineTimer = setTimeout(() => {
      streamLines(query, (line) => {
        if (controller.signal.aborted || gone) return;
        if (line.tables) showTables(line.tables, turn);
        if (line.lines) showLines(line, turn);
        if (line.done) {
          const why = line.done === 'solved' ? t('analysis-engine-solved') : t('analysis-engine-stopped');
          engineStatus.textContent = `${engineStatus.textContent.replace(/ —.*$/, '')} — ${why}`;
        }
      }, controller.signal).catch((err) => {
        if (err.name !== 'AbortError' && !gone && !controller.signal.aborted) engineStatus.textContent = t('analysis-engine-error', { error: err.message });
      });
    }, ENGINE_DELAY_MS);
  }

  function showTables(values, turn) {
    if (!values.length) return;
    fill(tablesBox, h('ul', { class: 'table-verdicts', 'aria-label': t('analysis-tables-label') },
      values.map((v) => h('li', { 'data-move': v.move, 'data-exact': String(v.exact) },
        h('strong', {}, v.move), `: ${t('analysis-table-value', { side: sideName(turn), value: verdictText(v) })}`))));
  }

  function showLines(line, turn) {
    engineStatus.textContent = t('analysis-depth', { depth: line.depth });
    fill(engineLines, line.lines.map((l) => h('li', { 'data-move': l.move },
      h('span', { class: 'line-score' }, scoreText(l, turn)), ' ',
      h('button', {
        type: 'button', class: 'quiet line-move', 'aria-label': t('analysis-play', { move: l.move }), onclick: () => playMove(l.move),
      }, l.move),
      ' ', h('code', { class: 'line-pv' }, lineOf(l.pv)))));
  }

  function exportOgn() {
    const text = writeOgn(tree);
    /** @type {HTMLTextAreaElement} */ (ognText).value = text;
    download.setAttribute('href', `data:application/x-ogn;charset=utf-8,${encodeURIComponent(text)}`);
    download.hidden = false;
    ognError.textContent = '';
  }

  function importOgn(text) {
    try {
      tree = readOgn(text);
    } catch (err) {
      ognError.textContent = t('analysis-ogn-error', { error: errorText(err) });
      return;
    }
    ognError.textContent = '';
    info.textContent = rulesText(tree.rules);
    go(tree.root);
  }

  function onKey(event) {
    if (event.target.closest?.('input, select, textarea')) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const keys = {
      ArrowLeft: () => go(node.parent ?? node),
      ArrowRight: () => go(node.children[0] ?? node),
      Home: () => go(tree.root),
      End: () => go(tree.mainLine(node).at(-1) ?? node),
    };
    if (keys[event.key]) {
      event.preventDefault();
      keys[event.key]();
    }
  }
  document.addEventListener('keydown', onKey);

  try {
    const rules = rulesString(parseRules(params.get('rules') ?? 'abapa'));
    tree = new Tree(rules, params.get('position') ?? undefined);
    const moves = (params.get('moves') ?? '').split('').filter((c) => c.trim());
    const last = tree.playAll(tree.root, moves);
    const ply = params.has('ply') ? Number(params.get('ply')) : moves.length;
    node = last;
    while (tree.path(node).length > ply && node.parent) node = node.parent;
    info.textContent = rulesText(rules);
    show();
  } catch (err) {
    fill(status, t('analysis-error', { error: errorText(err) }));
  }

  return () => {
    gone = true;
    stopEngine();
    document.removeEventListener('keydown', onKey);
    board.destroy();
  };
}
