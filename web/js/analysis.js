// @ts-check
// The analysis board (/analysis?rules=R&position=P&moves=M&ply=N): any
// legal move played from the position grows a tree of variations (main
// line and side lines, promoted or deleted); the engine streams its three
// best lines as it deepens, stopped when the position changes or the page
// is left; near the end, the endgame tables' value of every move; the
// tree as OGN with variations, out and back in.

import { createBoard } from './board.js';
import { fill, h, seedsText } from './dom.js';
import { svgIcon } from './icons.js';
import { streamLines } from './analysis/engine.js';
import { readOgn, writeOgn } from './analysis/ogn.js';
import { Tree } from './analysis/tree.js';
import {
  parseRules, pitIndex, pitLetter, positionString, rulesString,
} from './rules.js';
import {
  lineOf, rulesText, scoreText, sideName,
} from './words.js';

/** The engine's time on one position, in ms (the server allows 20 s). */
const ENGINE_MS = 15_000;
/** A pause before the engine starts, so stepping through moves starts no searches. */
const ENGINE_DELAY_MS = 150;

/** A table's value of a move in words, from the mover's side. */
function verdictText(value) {
  const n = Math.abs(value.margin);
  const what = value.margin > 0 ? `wins by ${seedsText(n)}` : value.margin < 0 ? `loses by ${seedsText(n)}` : 'draws';
  return value.exact ? `${what} (exact)` : `${what} (estimate: the tables' cycle convention)`;
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

  const title = h('h1', {}, 'Analysis board');
  const info = h('p', { class: 'game-info' });
  const status = h('p', { class: 'replay-where', 'aria-live': 'polite' });
  const board = createBoard({
    onPlay: (letter) => playMove(letter),
    onRefuse: (letter) => { status.textContent = `${letter} cannot be played here.`; },
  });
  const button = (label, icon, onclick) => h('button', {
    type: 'button', 'aria-label': label, title: label, onclick,
  }, svgIcon(icon));
  const nav = h('div', { class: 'replay-nav', role: 'group', 'aria-label': 'Step through the moves' },
    button('First position', 'first', () => go(tree.root)),
    button('Previous move', 'previous', () => go(node.parent ?? node)),
    button('Next move', 'next', () => go(node.children[0] ?? node)),
    button('Last position of this line', 'last', () => go(tree.mainLine(node).at(-1) ?? node)),
    button('Turn the board', 'turn', () => { flipped = !flipped; show(); }));
  const promote = h('button', { type: 'button', onclick: () => { if (tree.promote(node)) show(); } }, 'Promote this line');
  const remove = h('button', {
    type: 'button',
    onclick: () => {
      if (!node.parent) return;
      node = tree.remove(node);
      show();
    },
  }, 'Delete from this move');
  const editLink = h('a', { class: 'button', href: '/editor' }, 'Set up a position');
  const lineActions = h('div', { class: 'line-actions', role: 'group', 'aria-label': 'This line' }, promote, remove, editLink);
  const movesBox = h('div', { class: 'variations', 'aria-label': 'Moves and variations' });

  const engineToggle = h('button', {
    type: 'button',
    'aria-pressed': 'true',
    onclick: () => {
      engineOn = !engineOn;
      engineToggle.setAttribute('aria-pressed', String(engineOn));
      startEngine();
    },
  }, 'Engine');
  const engineStatus = h('p', { class: 'engine-status', 'aria-live': 'polite' });
  const engineLines = h('ol', { class: 'engine-lines', 'aria-label': 'The engine\'s best lines' });
  const tablesBox = h('div', { class: 'table-values' });

  const ognText = h('textarea', {
    id: 'ogn-text', rows: 6, spellcheck: 'false', 'aria-describedby': 'ogn-help',
  });
  const ognError = h('p', { class: 'error', role: 'alert' });
  const download = h('a', { class: 'button', download: 'analysis.ogn', href: '#', hidden: true }, 'Download OGN');
  const ognFile = h('input', {
    type: 'file', accept: '.ogn,text/plain', 'aria-label': 'Open an OGN file',
    onchange: async () => {
      const file = /** @type {HTMLInputElement} */ (ognFile).files?.[0];
      if (file) importOgn(await file.text());
    },
  });
  const ognBox = h('details', { class: 'ogn-box' },
    h('summary', {}, 'OGN with variations'),
    h('p', { id: 'ogn-help' }, 'Export writes the whole tree; Import reads a record, side lines in parentheses.'),
    h('label', { for: 'ogn-text' }, 'Record'), ognText,
    h('p', {},
      h('button', { type: 'button', onclick: exportOgn }, 'Export'), ' ',
      h('button', { type: 'button', onclick: () => importOgn(/** @type {HTMLTextAreaElement} */ (ognText).value) }, 'Import'), ' ',
      download),
    h('p', {}, ognFile),
    ognError);

  outlet.append(h('section', { class: 'replay-page game-page analysis-page' },
    h('div', { class: 'play-area' }, title, info, board.element, nav, status),
    h('aside', { class: 'panel' },
      h('h2', {}, 'Engine ', engineToggle), engineStatus, engineLines,
      h('h2', {}, 'Endgame tables'), tablesBox,
      h('h2', {}, 'Moves'), movesBox, lineActions,
      ognBox)));

  function go(next) {
    node = next;
    show();
  }

  function playMove(letter) {
    try {
      go(tree.play(node, letter));
    } catch (err) {
      status.textContent = `${letter} cannot be played: ${err.message}.`;
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
    if (game.over) status.textContent = `The game is over: ${game.outcome.reason}, ${game.position.captured.join('–')}.`;
    else if (ply === 0) status.textContent = `Start: ${sideName(game.position.turn)} to move.`;
    else {
      const letter = game.moves.at(-1);
      const side = pitIndex(letter, m) < m ? 'S' : 'N';
      status.textContent = `After ply ${ply}: ${sideName(side)} played ${letter}${step.taken ? `, capturing ${seedsText(step.taken)}` : ''}. ${sideName(game.position.turn)} to move.`;
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
      b.setAttribute('aria-label', `Ply ${ply + 1}: ${n.move}${tree.onMainLine(n) ? '' : ' (side line)'}`);
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
    fill(movesBox, items.length ? items : h('p', { class: 'muted' }, 'Play a move on the board.'));
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
    fill(tablesBox, h('p', { class: 'muted' }, 'Far from the end: no table holds this position.'));
    if (game.over) {
      engineStatus.textContent = 'The game is over in this position.';
      fill(tablesBox);
      return;
    }
    if (!engineOn) {
      engineStatus.textContent = 'The engine is off.';
      return;
    }
    engineStatus.textContent = 'The engine is thinking…';
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
          const why = line.done === 'solved' ? 'solved' : line.done === 'time' || line.done === 'depth' ? 'stopped' : line.done;
          engineStatus.textContent = `${engineStatus.textContent.replace(/ —.*$/, '')} — ${why}`;
        }
      }, controller.signal).catch((err) => {
        if (err.name !== 'AbortError' && !gone && !controller.signal.aborted) engineStatus.textContent = `No engine: ${err.message}.`;
      });
    }, ENGINE_DELAY_MS);
  }

  function showTables(values, turn) {
    if (!values.length) return;
    fill(tablesBox, h('ul', { class: 'table-verdicts', 'aria-label': 'Each move\'s value in the endgame tables' },
      values.map((v) => h('li', { 'data-move': v.move, 'data-exact': String(v.exact) },
        h('strong', {}, v.move), `: ${sideName(turn)} ${verdictText(v)}`))));
  }

  function showLines(line, turn) {
    engineStatus.textContent = `Depth ${line.depth}`;
    fill(engineLines, line.lines.map((l) => h('li', { 'data-move': l.move },
      h('span', { class: 'line-score' }, scoreText(l, turn)), ' ',
      h('button', {
        type: 'button', class: 'quiet line-move', 'aria-label': `Play ${l.move}`, onclick: () => playMove(l.move),
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
      ognError.textContent = `The record cannot be read: ${err.message}.`;
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
    fill(status, `This position cannot be analysed: ${err.message}.`);
  }

  return () => {
    gone = true;
    stopEngine();
    document.removeEventListener('keydown', onKey);
    board.destroy();
  };
}
