// @ts-check
// The Learn pages (/learn, /learn/FAMILY): each rule set taught by short
// lessons (web/learn/lessons.json: boards, moves and tasks, with the keys
// of their words in web/locales/LANG/lessons.ftl),
// each with small boards: examples whose move is played on request, and a
// task the learner solves by playing a move, judged by rules.js
// (learn/goal.js). crates/rules/tests/lessons.rs checks every lesson with
// the Rust rules library.

import { createBoard } from './board.js';
import { fill, h } from './dom.js';
import { t } from './i18n.js';
import { gameOf, reaches } from './learn/goal.js';
import { refusalText } from './refusal.js';
import { pitLetter } from './rules.js';
import { rulesText, sideName } from './words.js';

const FAMILIES = ['abapa', 'wari', 'warri', 'kalah'];

/** The lessons, fetched once. */
let loaded = null;
const lessons = () => {
  loaded ??= fetch('/learn/lessons.json').then((r) => {
    if (!r.ok) throw new Error(t('learn-load-error', { status: String(r.status) }));
    return r.json();
  });
  return loaded;
};

/** What a move did, as the board highlights it. */
const lastMoveOf = (letter, step, m) => ({ move: letter, captured_pits: step.captures.map((k) => pitLetter(k, m)) });

/**
 * An example: the position, and a button that plays its move.
 * @param {any} example
 * @param {string} rules
 * @param {(() => void)[]} cleanups
 */
function exampleBlock(example, rules, cleanups) {
  const board = createBoard();
  cleanups.push(() => board.destroy());
  const before = gameOf(example, example.rules ?? rules);
  const show = () => board.update({ position: before.position, legal: [], flipped: false, lastMove: null });
  let played = false;
  const button = h('button', {
    type: 'button',
    onclick: () => {
      if (played) {
        played = false;
        button.textContent = t('learn-play', { move: example.move });
        show();
        return;
      }
      const game = gameOf(example, example.rules ?? rules);
      const from = game.position;
      const step = game.play(example.move);
      board.update({
        position: game.position, legal: [], flipped: false, lastMove: lastMoveOf(example.move, step, game.rules.pits),
      }, { from });
      played = true;
      button.textContent = t('learn-back');
    },
  }, t('learn-play', { move: example.move }));
  show();
  return h('figure', { class: 'lesson-example' },
    board.element,
    h('figcaption', {}, example.rules && example.rules !== rules ? `${rulesText(example.rules)}: ` : '', t(example.caption), ' ', button));
}

/**
 * A lesson's task: the learner plays moves until one reaches the goal.
 * @param {any} lesson
 * @param {string} rules
 * @param {(() => void)[]} cleanups
 */
function taskBlock(lesson, rules, cleanups) {
  const { task } = lesson;
  const taskRules = task.rules ?? rules;
  let game = gameOf(task, taskRules);
  let solved = false;
  const verdict = h('p', { class: 'lesson-verdict', role: 'status', 'aria-live': 'polite' });
  const again = h('button', { type: 'button', hidden: true, onclick: () => reset() }, t('learn-try-again'));
  const board = createBoard({
    onPlay: (letter) => attempt(letter),
    onRefuse: (letter) => {
      if (solved) return;
      verdict.dataset.verdict = 'refused';
      verdict.textContent = refusalText(game.position, letter);
    },
  });
  cleanups.push(() => board.destroy());
  const flipped = game.position.turn === 'N';
  // Every pit of the player to move is offered, so that a move the rules
  // refuse (feeding, a forbidden grand slam) is tried and explained.
  const show = (lastMove = null, from = null) => board.update({
    position: game.position,
    legal: solved || lastMove ? [] : game.legalMoves(),
    flipped,
    lastMove,
  }, { from });

  function reset() {
    game = gameOf(task, taskRules);
    again.hidden = true;
    verdict.textContent = '';
    delete verdict.dataset.verdict;
    show();
  }

  function attempt(letter) {
    if (solved) return;
    const right = reaches(task, taskRules, letter);
    const from = game.position;
    const step = game.play(letter);
    show(lastMoveOf(letter, step, game.rules.pits), from);
    if (right) {
      solved = true;
      verdict.dataset.verdict = 'solved';
      verdict.textContent = t('learn-right', { explain: t(task.explain) });
    } else {
      verdict.dataset.verdict = 'wrong';
      verdict.textContent = t('learn-wrong', { move: letter });
      again.hidden = false;
    }
  }

  show();
  return h('div', { class: 'lesson-task', 'data-lesson': lesson.id },
    h('h3', {}, t('learn-your-turn')),
    h('p', { class: 'lesson-prompt' }, t(task.prompt), ' ', t('learn-who-plays', { side: sideName(game.position.turn) })),
    board.element, verdict, h('p', {}, again));
}

/**
 * /learn and /learn/FAMILY.
 * @param {HTMLElement} outlet
 * @param {{family?: string}} params
 */
export function mountLearn(outlet, { family } = {}) {
  const cleanups = [];
  let gone = false;
  const nav = h('nav', { class: 'replay-nav learn-families', 'aria-label': t('learn-rule-sets') },
    FAMILIES.map((f) => h('a', {
      class: 'button', href: `/learn/${f}`, 'aria-current': f === family ? 'page' : null,
    }, f)));
  const body = h('div', { class: 'learn-lessons' }, h('p', {}, t('learn-loading')));
  outlet.append(h('section', { class: 'learn-page' },
    h('h1', {}, family ? t('learn-family-title', { family }) : t('learn-title')), nav, body));

  (async () => {
    let data;
    try {
      data = await lessons();
    } catch (err) {
      if (!gone) fill(body, h('p', { class: 'error' }, `${err.message}.`));
      return;
    }
    if (gone) return;
    if (!family) {
      fill(body, FAMILIES.map((f) => h('p', {},
        h('a', { href: `/learn/${f}` }, data.families[f].name), ': ', t(data.families[f].about))));
      return;
    }
    const about = data.families[family];
    if (!about) {
      fill(body, h('p', {}, t('learn-no-lessons', { family })));
      return;
    }
    const chosen = data.lessons.filter((l) => l.families.includes(family));
    fill(body,
      h('p', { class: 'learn-about' }, t(about.about)),
      h('ol', { class: 'learn-contents' }, chosen.map((l) => h('li', {}, h('a', { href: `#${l.id}` }, t(l.title))))),
      chosen.map((lesson, i) => h('section', { class: 'lesson', id: lesson.id, 'aria-labelledby': `${lesson.id}-title` },
        h('h2', { id: `${lesson.id}-title` }, `${i + 1}. ${t(lesson.title)}`),
        lesson.text.map((/** @type {string} */ key) => h('p', {}, t(key))),
        lesson.examples.map((e) => exampleBlock(e, about.rules, cleanups)),
        taskBlock(lesson, about.rules, cleanups))));
    // A link to one lesson (the lobby's) scrolls to it once it is there.
    if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  })();

  return () => {
    gone = true;
    for (const c of cleanups) c();
  };
}
