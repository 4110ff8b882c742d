// @ts-check
// The board: two rows of pits as buttons, the stores (Kalah) or captured
// seeds (Oware) at the ends, highlights of the last move, a preview of a
// move on hover or focus, and the sowing animation.
//
// The board shows a position; it never decides a move. Which pits may be
// played comes from the page (the server's legal moves). Moves are sown
// one after the other (your own, then the reply), and the pits become
// playable once the board shows the position they are played in: a click
// while seeds are still being sown ends the sowing and plays nothing.

import { h } from './dom.js';
import {
  isKalah, pitIndex, pitLetter, play, owner,
} from './rules.js';
import { t } from './i18n.js';
import { sideName } from './words.js';

/** Milliseconds per seed for each animation speed. */
export const SPEEDS = { off: 0, fast: 45, normal: 110, slow: 240 };
const LONGEST_ANIMATION_MS = 3000;

export const animationSpeed = () => localStorage.getItem('wari.speed') ?? 'normal';
export const setAnimationSpeed = (speed) => localStorage.setItem('wari.speed', speed);

// Where seed k sits in a pit: a golden-angle spiral, so a new seed never
// moves the others. Percentages of the pit's box.
const SEED_SPOTS = Array.from({ length: 40 }, (_, k) => {
  const ring = k < 20 ? k : k - 20;
  const r = 0.088 * Math.sqrt(ring + 0.5) + (k < 20 ? 0 : 0.02);
  const a = ring * 2.39996 + (k < 20 ? 0 : 1.2);
  return [50 + 100 * r * Math.cos(a), 50 + 100 * r * Math.sin(a)];
});
const SEED_SHADES = 5;

function drawSeeds(el, count) {
  const shown = Math.min(count, SEED_SPOTS.length);
  if (el.childElementCount === shown) return;
  while (el.childElementCount > shown) el.lastElementChild.remove();
  for (let k = el.childElementCount; k < shown; k += 1) {
    const [x, y] = SEED_SPOTS[k];
    el.append(h('i', { class: `seed shade${k % SEED_SHADES}`, style: `left:${x.toFixed(1)}%;top:${y.toFixed(1)}%` }));
  }
}

/** Pits of a last move's captured_pits, as indices (letters or numbers accepted). */
function pitsOf(list, m) {
  return (list ?? []).map((p) => (typeof p === 'number' ? p : pitIndex(p, m))).filter((i) => i >= 0);
}

/**
 * Where each seed of a last move fell, as board indices (the stores are 2m,
 * South's, and 2m+1, North's), from the server's description of the move
 * (GAME's `last_move.drops`); null when the move came without one.
 */
function dropsPath(lastMove, m) {
  if (!Array.isArray(lastMove?.drops)) return null;
  const path = lastMove.drops.map((d) => (d.store ? 2 * m + (d.store === 'S' ? 0 : 1) : pitIndex(d.pit, m)));
  return path.every((i) => i >= 0) ? path : null;
}

/**
 * A board. `onPlay(letter)` is called when a playable pit is chosen;
 * `onRefuse(letter)` when another pit is (the page says why); `onSkip()`
 * when a pit is chosen while a move is still being sown (the animation
 * ends, nothing is played).
 */
/**
 * @param {{onPlay?: (letter: string) => void, onRefuse?: (letter: string) => void, onSkip?: () => void}} [handlers]
 */
export function createBoard({ onPlay, onRefuse, onSkip } = {}) {
  /** @type {any} */
  let view = null;
  let layout = '';
  /** @type {HTMLElement[]} */
  let pits = [];
  /** @type {Record<string, HTMLElement>} */
  let stores = {};
  /** @type {{ timer: number } | null} */
  let anim = null;
  /** Moves waiting to be sown after the one being sown: { from, lastMove }. */
  let queue = [];
  /** @type {string | null} */
  let previewing = null;

  const grid = h('div', { class: 'board' });
  const previewLine = h('p', { class: 'preview', 'aria-live': 'polite' });
  const legend = h('p', { class: 'legend' },
    h('span', { class: 'key moved-key' }, t('board-key-moved')), ' ',
    h('span', { class: 'key captured-key' }, t('board-key-captured')), ' ',
    h('span', { class: 'key landing-key' }, t('board-key-landing')));
  const element = h('div', { class: 'board-wrap' }, grid, previewLine, legend);

  const layoutKey = (v) => `${v.position.rules.pits}|${v.flipped}|${isKalah(v.position.rules)}`;

  function build() {
    const { position, flipped } = view;
    const m = position.rules.pits;
    const kalah = isKalah(position.rules);
    const bottom = flipped ? 'N' : 'S';
    const top = flipped ? 'S' : 'N';
    const key = layoutKey(view);
    if (key === layout) return;
    layout = key;
    grid.replaceChildren();
    grid.style.setProperty('--pits', m);
    grid.dataset.family = kalah ? 'kalah' : 'oware';
    pits = [];
    const rowOf = (side, reversed) => {
      const base = side === 'S' ? 0 : m;
      const order = [...Array(m).keys()].map((c) => base + c);
      if (reversed) order.reverse();
      const row = h('div', { class: `row ${side === top ? 'top' : 'bottom'}`, role: 'group', 'aria-label': side === 'S' ? t('board-row-south') : t('board-row-north') });
      for (const i of order) {
        const letter = pitLetter(i, m);
        const button = h('button', {
          type: 'button', class: 'pit', 'data-pit': letter,
          onclick: () => choose(letter),
          onpointerenter: () => showPreview(letter),
          onpointerleave: () => showPreview(null),
          onfocus: () => showPreview(letter),
          onblur: () => showPreview(null),
        },
        h('span', { class: 'letter', 'aria-hidden': 'true' }, letter),
        h('span', { class: 'hole', 'aria-hidden': 'true' }, h('span', { class: 'seeds' }), h('span', { class: 'mark' })),
        h('span', { class: 'count', 'aria-hidden': 'true' }));
        pits[i] = button;
        row.append(button);
      }
      return row;
    };
    const storeOf = (side, where) => {
      const el = h('div', { class: `store ${where}`, role: 'img' },
        h('span', { class: 'store-name', 'aria-hidden': 'true' }, sideName(side), ' ', h('span', { class: 'store-kind' }, kalah ? t('board-store') : t('board-captured'))),
        h('span', { class: 'hole', 'aria-hidden': 'true' }, h('span', { class: 'seeds' })),
        h('span', { class: 'count', 'aria-hidden': 'true' }));
      stores[side] = el;
      return el;
    };
    stores = {};
    grid.append(storeOf(top, 'left'), rowOf(top, true), rowOf(bottom, false), storeOf(bottom, 'right'));
  }

  // Draws counts: the position's, or the animation's board.
  function drawCounts(board, captured) {
    const m = view.position.rules.pits;
    for (let i = 0; i < 2 * m; i += 1) {
      const button = pits[i];
      drawSeeds(button.querySelector('.seeds'), board[i]);
      button.querySelector('.count').textContent = board[i];
    }
    for (const side of ['S', 'N']) {
      const n = captured[side === 'S' ? 0 : 1];
      drawSeeds(stores[side].querySelector('.seeds'), n);
      stores[side].querySelector('.count').textContent = n;
    }
  }

  function drawState() {
    const { position, legal, lastMove } = view;
    const m = position.rules.pits;
    const kalah = isKalah(position.rules);
    const moved = lastMove ? pitIndex(lastMove.move, m) : -1;
    const captured = new Set(pitsOf(lastMove?.captured_pits, m));
    for (let i = 0; i < 2 * m; i += 1) {
      const button = pits[i];
      const letter = pitLetter(i, m);
      const seeds = position.board[i];
      const playable = !anim && legal.includes(letter);
      button.setAttribute('aria-label', t('pit-name', { pit: letter, seeds }));
      button.setAttribute('aria-disabled', playable ? 'false' : 'true');
      button.classList.toggle('playable', playable);
      button.classList.toggle('moved', i === moved);
      button.classList.toggle('captured', captured.has(i));
      button.classList.toggle('empty', seeds === 0);
      const notes = [];
      if (i === moved) notes.push(t('pit-note-moved'));
      if (captured.has(i)) notes.push(t('pit-note-captured'));
      if (notes.length) button.setAttribute('title', notes.join(', '));
      else button.removeAttribute('title');
    }
    for (const side of ['S', 'N']) {
      const n = position.captured[side === 'S' ? 0 : 1];
      const who = sideName(side);
      stores[side].setAttribute('aria-label', kalah ? t('store-name', { side: who, seeds: n }) : t('captured-name', { side: who, seeds: n }));
    }
  }

  function choose(letter) {
    if (!view) return;
    if (anim) {
      // The pits under the pointer may not be the ones the player saw.
      finishAnimation();
      onSkip?.();
    } else if (view.legal.includes(letter)) {
      showPreview(null);
      onPlay?.(letter);
    } else {
      onRefuse?.(letter);
    }
  }

  function clearPreviewMarks() {
    for (const button of pits) button?.classList.remove('landing', 'would-capture');
    for (const side of ['S', 'N']) stores[side]?.classList.remove('landing');
  }

  // Where the last seed of `letter` lands and what it captures.
  function showPreview(letter) {
    previewing = letter;
    clearPreviewMarks();
    if (!view || !letter) {
      previewLine.textContent = '';
      return;
    }
    const { position } = view;
    const m = position.rules.pits;
    const i = pitIndex(letter, m);
    if (position.end || owner(i, m) !== position.turn || position.board[i] === 0) {
      previewLine.textContent = '';
      return;
    }
    const step = play(position, letter);
    const inStore = step.last >= 2 * m;
    if (inStore) stores[step.last === 2 * m ? 'S' : 'N'].classList.add('landing');
    else pits[step.last].classList.add('landing');
    for (const k of step.captures) pits[k].classList.add('would-capture');
    const seeds = position.board[i];
    let text = inStore
      ? t('preview-lands-in-store', { pit: letter, seeds })
      : t('preview-lands-in-pit', { pit: letter, seeds, last: pitLetter(step.last, m) });
    if (step.grandSlam && step.captures.length === 0) {
      text += t('preview-grand-slam-nothing');
    } else if (step.taken > 0) {
      const names = step.captures.map((k) => pitLetter(k, m)).join(', ');
      text += step.grandSlam
        ? t('preview-captures-grand-slam', { seeds: step.taken, pits: names })
        : t('preview-captures', { seeds: step.taken, pits: names });
    }
    if (step.again) text += t('preview-again');
    if (!view.legal.includes(letter)) text += t('preview-not-playable');
    previewLine.textContent = `${text}.`;
  }

  /** Ends the sowing on screen (and any waiting after it): the view's position is drawn. */
  function finishAnimation() {
    queue = [];
    if (!anim) return;
    clearTimeout(anim.timer);
    for (const button of pits) button?.classList.remove('sowing', 'origin');
    anim = null;
    if (view) {
      drawCounts(view.position.board, view.position.captured);
      drawState();
    }
  }

  /** Whether seeds are being sown on screen. */
  const animating = () => anim !== null;

  /**
   * Shows a new view: { position, legal, flipped, lastMove }. With
   * `from` (the position before the last move), sows that move seed by
   * seed at the chosen speed, after the move being sown if there is one.
   * With `keep`, the move being sown is this view's: it goes on.
   */
  function update(next, { from = null, keep = false } = {}) {
    const sameLayout = layoutKey(next) === layout;
    if (anim && sameLayout && (keep || from)) {
      view = next;
      drawState();
      if (from && next.lastMove) queue.push({ from, lastMove: next.lastMove });
      return;
    }
    finishAnimation();
    view = next;
    build();
    const sowing = Boolean(from && next.lastMove && sow(from, next.lastMove));
    drawState();
    if (sowing) return;
    drawCounts(next.position.board, next.position.captured);
    if (previewing) showPreview(previewing);
  }

  /** Starts sowing `lastMove` from `from`; false when there is nothing to show. */
  function sow(from, lastMove) {
    const speed = SPEEDS[animationSpeed()] ?? 0;
    if (speed <= 0) return false;
    // The server says where each seed fell; a move of our own, sown
    // before the server answers, is worked out here.
    let path = dropsPath(lastMove, from.rules.pits);
    if (!path) {
      try {
        path = play(from, lastMove.move).path;
      } catch {
        path = null;
      }
    }
    if (!path?.length) return false;
    startAnimation(from, lastMove.move, path, Math.min(speed, LONGEST_ANIMATION_MS / path.length));
    return true;
  }

  function startAnimation(from, move, path, delay) {
    const m = from.rules.pits;
    const board = from.board.slice();
    const captured = from.captured.slice();
    const origin = pitIndex(move, m);
    board[origin] = 0;
    pits[origin].classList.add('origin');
    drawCounts(board, captured);
    let k = 0;
    const tick = () => {
      for (const button of pits) button.classList.remove('sowing');
      if (k >= path.length) {
        pits[origin].classList.remove('origin');
        anim = null;
        const next = queue.shift();
        if (next && sow(next.from, next.lastMove)) return;
        queue = [];
        drawCounts(view.position.board, view.position.captured);
        drawState();
        return;
      }
      const pit = path[k];
      if (pit < 2 * m) {
        board[pit] += 1;
        pits[pit].classList.add('sowing');
      } else {
        captured[pit - 2 * m] += 1;
      }
      k += 1;
      drawCounts(board, captured);
      anim.timer = setTimeout(tick, delay);
    };
    anim = { timer: setTimeout(tick, delay) };
  }

  /** The button of a pit, by letter. */
  const pitButton = (letter) => (view ? pits[pitIndex(letter, view.position.rules.pits)] : null);

  return {
    element,
    update,
    pitButton,
    animating,
    finishAnimation,
    destroy: finishAnimation,
  };
}
