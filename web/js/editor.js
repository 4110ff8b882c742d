// @ts-check
// The position editor (/editor?rules=R&position=P): seeds in each pit,
// the captured counts (the stores under Kalah), the side to move and the
// rules; the server's rules library checks the position (GET
// /api/position) and says why one cannot be played; a playable one opens
// in the analysis board, or as a casual game against the computer or a
// friend (POST /api/tables with `start`).

import { api, ApiError } from './api.js';
import { analysisUrl } from './analysis/url.js';
import { createBoard } from './board.js';
import { fill, h } from './dom.js';
import { t } from './i18n.js';
import { errorText } from './refusal.js';
import { navigate } from './router.js';
import {
  isKalah, parsePosition, parseRules, pitLetter, rulesString, startPosition,
} from './rules.js';
import { ensureSession } from './session.js';
import { reasonText, rulesText, sideName } from './words.js';

const CHECK_DELAY_MS = 250;
/** The most seeds a position holds (the rules library's `Position::MAX_TOTAL_SEEDS`). */
const MAX_TOTAL_SEEDS = 192;

/**
 * Why a set-up cannot be a position, before the server is asked (so that
 * the reason is in the reader's language): a count that is not a whole
 * number, or more seeds than a position holds; null when it may be one.
 * @param {{label: string, value: string}[]} counts
 */
export function setUpFault(counts) {
  const bad = counts.find((c) => !/^\d+$/.test(c.value));
  if (bad) return t('editor-not-whole', { pit: bad.label, value: bad.value });
  const total = counts.reduce((sum, c) => sum + Number(c.value), 0);
  if (total > MAX_TOTAL_SEEDS) return t('editor-too-many', { total, max: MAX_TOTAL_SEEDS });
  return null;
}

export function mountEditor(outlet) {
  const params = new URLSearchParams(location.search);
  let gone = false;
  let timer;
  /** @type {AbortController | null} */
  let checking = null;
  /** The last position the server found playable, or null. */
  let playable = null;

  const field = (id, label, input) => h('p', { class: 'field' }, h('label', { for: id }, label), input);
  const rulesInput = h('input', {
    id: 'editor-rules', type: 'text', value: params.get('rules') ?? 'abapa', spellcheck: 'false', autocomplete: 'off',
    'aria-describedby': 'editor-rules-help',
  });
  const rulesHelp = h('span', { id: 'editor-rules-help', class: 'muted' });
  const pitsBox = h('div', { class: 'editor-pits' });
  const turnBox = h('fieldset', { class: 'editor-turn' },
    h('legend', {}, t('editor-to-move')),
    h('label', {}, h('input', { type: 'radio', name: 'editor-turn', value: 'S', checked: true }), ` ${sideName('S')}`),
    h('label', {}, h('input', { type: 'radio', name: 'editor-turn', value: 'N' }), ` ${sideName('N')}`));
  const verdict = h('p', { class: 'editor-verdict', role: 'status', 'aria-live': 'polite' });
  const preview = createBoard({ onRefuse: () => {} });
  const analyse = h('a', { class: 'button', href: '/analysis', 'aria-disabled': 'true' }, t('editor-analyse'));
  const level = h('select', { id: 'editor-level' },
    [...Array(10).keys()].map((i) => h('option', { value: String(i + 1), selected: i === 4 }, t('editor-level', { level: i + 1 }))));
  const mySide = h('select', { id: 'editor-side' },
    h('option', { value: 'S' }, t('editor-i-play-south')), h('option', { value: 'N' }, t('editor-i-play-north')));
  const playComputer = h('button', { type: 'button', onclick: () => play({ kind: 'computer', level: Number(/** @type {HTMLSelectElement} */ (level).value) }) }, t('editor-play-computer'));
  const playFriend = h('button', { type: 'button', onclick: () => play({ kind: 'human', private: true }) }, t('editor-play-friend'));
  const playError = h('p', { class: 'error', role: 'alert' });

  outlet.append(h('section', { class: 'editor-page game-page' },
    h('div', { class: 'play-area' },
      h('h1', {}, t('editor-title')),
      preview.element,
      verdict),
    h('aside', { class: 'panel' },
      h('form', { class: 'editor-form', onsubmit: (e) => e.preventDefault() },
        field('editor-rules', t('editor-rules'), rulesInput), h('p', {}, rulesHelp),
        h('p', {},
          h('button', { type: 'button', onclick: () => setPosition(startPosition(currentRules())) }, t('editor-start-position')), ' ',
          h('button', { type: 'button', onclick: () => setPosition(emptyPosition()) }, t('editor-empty-board'))),
        pitsBox, turnBox),
      h('h2', {}, t('editor-use-it')),
      h('p', {}, analyse),
      h('p', { class: 'editor-play' }, mySide, ' ', level, ' ', playComputer, ' ', playFriend),
      playError)));

  function currentRules() {
    return parseRules(/** @type {HTMLInputElement} */ (rulesInput).value);
  }

  function emptyPosition() {
    const rules = currentRules();
    return {
      rules, board: new Array(2 * rules.pits).fill(0), captured: [0, 0], turn: 'S', end: null, total: 0,
    };
  }

  /** The pit and count inputs for the rules' board, North's row on top as the board shows it. */
  function buildInputs(rules, values) {
    const m = rules.pits;
    const count = (id, label, value) => h('span', { class: 'editor-count' },
      h('label', { for: id }, label),
      h('input', {
        id, type: 'number', min: 0, max: 99, value: String(value), inputmode: 'numeric', oninput: schedule,
      }));
    const row = (side) => {
      const order = [...Array(m).keys()].map((c) => (side === 'S' ? c : m + c));
      if (side === 'N') order.reverse();
      return h('div', { class: 'editor-row', role: 'group', 'aria-label': side === 'S' ? t('editor-south-row') : t('editor-north-row') },
        order.map((i) => count(`pit-${pitLetter(i, m)}`, pitLetter(i, m), values.board[i])));
    };
    const kalah = isKalah(rules);
    fill(pitsBox,
      row('N'), row('S'),
      h('div', { class: 'editor-row' },
        count('captured-S', kalah ? t('editor-south-store') : t('editor-south-captured'), values.captured[0]),
        count('captured-N', kalah ? t('editor-north-store') : t('editor-north-captured'), values.captured[1])));
  }

  function setPosition(p) {
    buildInputs(p.rules, p);
    for (const input of turnBox.querySelectorAll('input')) {
      /** @type {HTMLInputElement} */ (input).checked = /** @type {HTMLInputElement} */ (input).value === p.turn;
    }
    check();
  }

  /** Every count the inputs hold, with its label. */
  function counts() {
    return [...pitsBox.querySelectorAll('input')].map((input) => ({
      label: pitsBox.querySelector(`label[for="${input.id}"]`)?.textContent ?? input.id,
      value: /** @type {HTMLInputElement} */ (input).value.trim() || '0',
    }));
  }

  /** The position string the inputs make. */
  function positionText() {
    const rules = currentRules();
    const m = rules.pits;
    const value = (id) => /** @type {HTMLInputElement} */ (pitsBox.querySelector(`#${id}`))?.value.trim() || '0';
    const south = [...Array(m).keys()].map((c) => value(`pit-${pitLetter(c, m)}`));
    const north = [...Array(m).keys()].map((c) => value(`pit-${pitLetter(m + c, m)}`));
    const turn = /** @type {HTMLInputElement} */ (turnBox.querySelector('input:checked')).value;
    return `${south.join(',')}/${north.join(',')} ${turn} ${value('captured-S')}-${value('captured-N')}`;
  }

  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(check, CHECK_DELAY_MS);
  }

  function setPlayable(p) {
    playable = p;
    analyse.setAttribute('aria-disabled', String(!p));
    analyse.setAttribute('href', p ? analysisUrl({ rules: p.rules, position: p.position }) : '/analysis');
    /** @type {HTMLButtonElement} */ (playComputer).disabled = !p;
    /** @type {HTMLButtonElement} */ (playFriend).disabled = !p;
  }

  async function check() {
    clearTimeout(timer);
    checking?.abort();
    setPlayable(null);
    let rules;
    try {
      rules = currentRules();
    } catch (err) {
      rulesHelp.textContent = '';
      verdict.dataset.verdict = 'illegal';
      verdict.textContent = t('editor-bad-rules', { error: errorText(err) });
      return;
    }
    rulesHelp.textContent = rulesText(rulesString(rules));
    if (pitsBox.querySelectorAll('.editor-row:not(:last-child) input').length !== 2 * rules.pits) {
      setPosition(startPosition(rules));
      return;
    }
    const fault = setUpFault(counts());
    if (fault) {
      verdict.dataset.verdict = 'illegal';
      verdict.textContent = t('editor-not-a-position', { error: fault });
      return;
    }
    const text = positionText();
    const controller = new AbortController();
    checking = controller;
    try {
      const query = new URLSearchParams({ rules: rulesString(rules), position: text });
      const response = await fetch(`/api/position?${query}`, { credentials: 'same-origin', signal: controller.signal });
      const body = await response.json();
      if (gone || controller.signal.aborted) return;
      if (!response.ok) throw new ApiError(response.status, body.error ?? response.statusText);
      if (!body.valid) throw new Error(body.reason);
      preview.update({ position: parsePosition(body.position, rules), legal: [], flipped: false, lastMove: null });
      if (body.over) {
        verdict.dataset.verdict = 'over';
        verdict.textContent = t('editor-over', { reason: reasonText(body.reason) });
        return;
      }
      verdict.dataset.verdict = 'legal';
      verdict.textContent = t('editor-legal', { side: sideName(body.to_move), seeds: body.seeds, moves: body.legal.join(', ') });
      setPlayable(body);
    } catch (err) {
      if (err.name === 'AbortError' || gone) return;
      verdict.dataset.verdict = 'illegal';
      verdict.textContent = t('editor-not-a-position', { error: errorText(err) });
    }
  }

  async function play(opponent) {
    if (!playable) return;
    playError.textContent = '';
    try {
      await ensureSession();
      const created = await api.createTable({
        rules: playable.rules, start: playable.position, starts: /** @type {HTMLSelectElement} */ (mySide).value, opponent,
      });
      navigate(`/game/${encodeURIComponent(created.table.game_id)}`);
    } catch (err) {
      playError.textContent = t('editor-play-error', { error: err.message });
    }
  }

  rulesInput.addEventListener('input', schedule);
  turnBox.addEventListener('change', check);
  try {
    const rules = currentRules();
    const start = params.get('position');
    setPosition(start ? parsePosition(start, rules) : startPosition(rules));
  } catch (err) {
    verdict.textContent = t('editor-not-a-position', { error: errorText(err) });
  }

  return () => {
    gone = true;
    clearTimeout(timer);
    checking?.abort();
    preview.destroy();
  };
}
