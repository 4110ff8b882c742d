// web/js/rules.js against the Rust rules: random games under random rule
// sets, from the start and from random set-up positions, played by the JS
// module and by `wari replay` (the real binary); every field of replay's
// JSON must agree. WARI_BIN names the binary (default target/debug/wari).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

import {
  Game, parseRules, positionString, rulesString, legalMoves,
} from '../../web/js/rules.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const wari = process.env.WARI_BIN
  ? path.resolve(process.env.WARI_BIN)
  : path.join(root, 'target/debug/wari');

// A small deterministic generator (mulberry32), so a failure can be rerun.
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rnd, list) => list[Math.floor(rnd() * list.length)];

function randomRules(rnd) {
  const variant = pick(rnd, ['abapa', 'wari', 'warri', 'kalah']);
  const parts = [variant];
  if (rnd() < 0.5) parts.push(`pits=${1 + Math.floor(rnd() * 6)}`);
  if (rnd() < 0.4) parts.push(`seeds=${1 + Math.floor(rnd() * 12)}`);
  if (variant === 'kalah') {
    if (rnd() < 0.4) parts.push('empty-capture=off');
  } else {
    if (rnd() < 0.4) parts.push(`cycle=${pick(rnd, ['2', '3', 'even'])}`);
    if (rnd() < 0.2) parts.push('playout');
  }
  return parts.join(',');
}

// Few seeds a pit, so captures, grand slams and feeding come often.
function randomPosition(rnd, rules) {
  const m = rules.pits;
  const board = Array.from({ length: 2 * m }, () => (rnd() < 0.3 ? 0 : Math.floor(rnd() * 4)));
  if (board.every((s) => s === 0)) board[0] = 1;
  const captured = [Math.floor(rnd() * 6), Math.floor(rnd() * 6)];
  const turn = rnd() < 0.5 ? 'S' : 'N';
  return `${board.slice(0, m).join(',')}/${board.slice(m).join(',')} ${turn} ${captured[0]}-${captured[1]}`;
}

function replay(rules, from, moves) {
  const args = ['replay', '--rules', rules];
  if (from) args.push('--from', from);
  const out = execFileSync(wari, [...args, moves.join(' ')], { encoding: 'utf8' });
  return JSON.parse(out);
}

function state(game) {
  const { outcome } = game;
  return {
    position: positionString(game.position),
    to_move: game.position.turn,
    over: game.over,
    result: outcome ? outcome.result : null,
    reason: outcome ? outcome.reason : null,
    score: outcome ? outcome.score : null,
    captured: game.position.captured,
    legal: game.legalMoves(),
    moves: game.moves,
    rules: rulesString(game.rules),
  };
}

// What the random games went through, so a test can say they reached
// every rule worth checking.
const seen = new Map();
const note = (what) => seen.set(what, (seen.get(what) ?? 0) + 1);

function check(rnd, rulesText, from) {
  const rules = parseRules(rulesText);
  const game = new Game(rules, from);
  // The Rust side also prints the canonical rules string.
  const checkpoints = new Set();
  const length = Math.floor(rnd() * 120);
  while (!game.over && game.moves.length < length) {
    const step = game.play(pick(rnd, game.legalMoves()));
    if (step.grandSlam) note(`grand slam ${rules.variant}`);
    if (step.again) note(`again ${rules.variant}`);
    if (step.taken > 0) note(`capture ${rules.variant}`);
    if (rnd() < 0.05) checkpoints.add(game.moves.length);
  }
  checkpoints.add(game.moves.length);
  if (game.outcome) note(`end ${game.outcome.reason}`);
  for (const n of checkpoints) {
    const partial = new Game(rules, from);
    for (const m of game.moves.slice(0, n)) partial.play(m);
    const rust = replay(rulesText, from, partial.moves);
    assert.deepEqual(state(partial), rust, `rules ${rulesText} from ${from ?? 'start'} moves ${partial.moves.join(' ')}`);
  }
  return game;
}

test('rules strings read and print as the Rust side does', () => {
  assert.equal(rulesString(parseRules('kalah,seeds=3,pits=4,empty-capture=off')), 'kalah,pits=4,seeds=3,empty-capture=off');
  assert.equal(rulesString(parseRules('wari,cycle=3,playout')), 'wari,cycle=3,playout');
  assert.throws(() => parseRules('kalah,playout'));
  assert.throws(() => parseRules('oware'));
});

test('the start position and its moves', () => {
  const game = new Game('abapa');
  assert.equal(positionString(game.position), '4,4,4,4,4,4/4,4,4,4,4,4 S 0-0');
  assert.deepEqual(legalMoves(game.position), ['A', 'B', 'C', 'D', 'E', 'F']);
  const step = game.play('C');
  assert.deepEqual(step.path, [3, 4, 5, 6]);
  assert.equal(positionString(game.position), '4,4,0,5,5,5/5,4,4,4,4,4 N 0-0');
});

test('a capture chain of 2s and 3s; a grand slam under abapa captures nothing', () => {
  const chain = new Game('abapa', '0,0,0,0,0,2/1,2,1,0,0,0 S 20-20').play('F');
  assert.deepEqual(chain.captures, [7, 6]);
  assert.equal(chain.taken, 5);
  const slam = new Game('abapa', '1,0,0,0,0,2/1,2,0,0,0,0 S 20-19').play('F');
  assert.equal(slam.grandSlam, true);
  assert.deepEqual(slam.captures, []);
  assert.equal(positionString(slam.position), '1,0,0,0,0,0/2,3,0,0,0,0 N 20-19');
});

test('random games agree with wari replay, from the start', () => {
  const rnd = random(2024);
  let games = 0;
  for (let i = 0; i < 160; i += 1) {
    check(rnd, randomRules(rnd), undefined);
    games += 1;
  }
  assert.equal(games, 160);
});

test('random games agree with wari replay, from set-up positions', () => {
  const rnd = random(7);
  for (let i = 0; i < 200; i += 1) {
    const rulesText = randomRules(rnd);
    check(rnd, rulesText, randomPosition(rnd, parseRules(rulesText)));
  }
});

test('the random games reached every rule worth checking', () => {
  for (const what of [
    'grand slam abapa', 'grand slam wari', 'grand slam warri', 'again warri', 'again kalah',
    'capture abapa', 'capture kalah', 'end majority', 'end no-moves', 'end repetition',
    'end empty-side', 'end grand-slam',
  ]) {
    assert.ok(seen.get(what) > 0, `no random game went through "${what}": ${JSON.stringify([...seen])}`);
  }
});
