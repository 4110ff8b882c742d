// An arena in a real browser: a player makes one with the form, two
// people join from its page, are paired and sent to their game on their
// own; North berserks (its clock halves) and resigns before moving: the
// game page offers "Back to the tournament", the live standings give
// South 2 points and show North paused; the creator ends it and the
// podium shows. A Swiss event of three players and two rounds: joined
// from its page, started by its creator, each round's pairings (the bye
// too) shown as they are made, the games opened on their own and played,
// and the final standings with the tie-breaks worked out by hand. A
// reader whose browser asks for Spanish sees the list and the arena in
// Spanish. Run with `node --test tournament.mjs` (see run.mjs for the
// environment).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';

import {
  artifacts, base, clickLegalPit, consoleErrors, harness, person,
} from './support/harness.mjs';

harness();

const PASSWORD = 'correct horse battery';

/** Signs `name` up through the API from the page, then reloads it. */
async function signUp(page, name) {
  await page.goto(`${base}/`);
  await page.evaluate(async ({ n, p }) => {
    const r = await fetch('/api/account', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: n, password: p }) });
    if (!r.ok) throw new Error(await r.text());
    localStorage.setItem('wari.session', '1');
  }, { n: name, p: PASSWORD });
  await page.reload();
  await page.locator('#me', { hasText: name }).waitFor();
}

test('an arena made with the form, joined from its page, its games opened on their own, berserk, live standings and the podium', async () => {
  const [a, b] = [await person(), await person()];
  await signUp(a.page, 'Efua');
  await signUp(b.page, 'Yaw');

  await a.page.goto(`${base}/tournaments`);
  await a.page.locator('#t-name').fill('Browser arena');
  await a.page.locator('#t-clock').selectOption('3+2');
  await a.page.locator('#t-starts').selectOption('0');
  await a.page.locator('button', { hasText: 'Create the arena' }).click();
  await a.page.waitForURL(/\/tournament\/[^/]+$/);
  const id = a.page.url().split('/').pop();
  await a.page.locator('h1', { hasText: 'Browser arena' }).waitFor();
  await a.page.locator('.empty-list', { hasText: 'Nobody has joined yet' }).waitFor();

  // The list shows it running.
  await b.page.goto(`${base}/tournaments`);
  await b.page.locator('.tournament-list a', { hasText: 'Browser arena' }).click();
  await b.page.waitForURL(new RegExp(`/tournament/${id}$`));

  // Both join; the pairing sends each to the game on its own.
  await a.page.locator('button', { hasText: /^Join$/ }).click();
  await a.page.locator('.standings td', { hasText: 'Efua' }).waitFor();
  await b.page.locator('button', { hasText: /^Join$/ }).click();
  await a.page.waitForURL(/\/game\/[^/]+$/);
  await b.page.waitForURL(/\/game\/[^/]+$/);
  const game = a.page.url().split('/').pop();
  assert.equal(b.page.url().split('/').pop(), game);
  const state = (p) => p.page.evaluate(async (g) => (await fetch(`/api/games/${g}`)).json(), game);
  const first = await state(a);
  assert.equal(first.tournament, id);
  const [south, north] = first.you === 'S' ? [a, b] : [b, a];

  // No takeback in a tournament game; South moves.
  await south.page.locator('.board .pit.playable').first().waitFor();
  assert.equal(await south.page.locator('.controls button', { hasText: 'take back' }).count(), 0);
  await clickLegalPit(south.page);
  await south.page.waitForFunction(() => document.querySelectorAll('.move-list li').length > 0);

  // North berserks: its clock is halved, both pages say so.
  await north.page.locator('.controls button', { hasText: 'Berserk' }).click();
  await north.page.locator('.seat .berserk-mark').waitFor();
  await south.page.locator('.seat .berserk-mark').waitFor();
  const berserked = await state(north);
  assert.equal(berserked.players.N.berserk, true);
  assert.ok(berserked.clock.N_ms <= 90_000, `${berserked.clock.N_ms}`);
  assert.equal(await north.page.locator('.controls button', { hasText: 'Berserk' }).count(), 0);

  // North resigns (a second click confirms) without a move of its own.
  await north.page.locator('.controls button', { hasText: 'Resign' }).click();
  await north.page.locator('.controls button', { hasText: 'Really resign?' }).click();
  await north.page.locator('.banner:not([hidden])').waitFor();
  await north.page.locator('.banner a', { hasText: 'Back to the tournament' }).click();
  await north.page.waitForURL(new RegExp(`/tournament/${id}$`));
  await north.page.locator('.standings tr', { hasText: 'paused' }).waitFor();
  const southName = first.players.S.name;
  const row = north.page.locator('.standings tbody tr').first();
  await row.locator('td', { hasText: southName }).waitFor();
  assert.equal(await row.locator('.score').innerText(), '2');
  await north.page.screenshot({ path: path.join(artifacts, 'tournament-standings.png'), fullPage: true });

  // The creator ends it: the podium.
  await a.page.goto(`${base}/tournament/${id}`);
  await a.page.locator('button', { hasText: 'End now' }).click();
  await a.page.locator('.podium-list li', { hasText: southName }).waitFor();
  await a.page.locator('.when', { hasText: 'Finished' }).waitFor();

  // A Spanish reader sees the same arena in Spanish.
  const reader = await person({ locale: 'es-ES' });
  await reader.page.goto(`${base}/tournaments`);
  await reader.page.locator('html[lang="es"]').waitFor();
  await reader.page.locator('h1', { hasText: 'Torneos' }).waitFor();
  await reader.page.locator('h2', { hasText: 'Terminados' }).waitFor();
  const listed = reader.page.locator('.tournament-line', { hasText: 'Browser arena' });
  assert.match(await listed.locator('.meta').innerText(), /^arena, 60 min · .* · 3\+2 · con puntuación · terminó /);
  await reader.page.locator('.tournaments .hint a', { hasText: 'Inicia sesión' }).waitFor();
  await listed.locator('a').click();
  await reader.page.waitForURL(new RegExp(`/tournament/${id}$`));
  await reader.page.locator('.when', { hasText: /^Terminó / }).waitFor();
  assert.match(await reader.page.locator('.tournament .meta').first().innerText(), /60 minutos · con puntuación · 2 jugadores$/);
  assert.deepEqual(await reader.page.locator('.standings th').allInnerTexts(), ['#', 'Jugador', 'Resultados', 'Puntos', 'Partidas', 'Rendimiento', '']);
  await reader.page.locator('.standings tr', { hasText: '(en pausa)' }).waitFor();
  await reader.page.locator('.podium h2', { hasText: 'Podio' }).waitFor();
  assert.match(await reader.page.locator('.podium-list li').first().innerText(), new RegExp(`^${southName} — 2 puntos, rendimiento `));
  await reader.page.screenshot({ path: path.join(artifacts, 'tournament-es.png'), fullPage: true });
  assert.deepEqual(consoleErrors, []);
});

/**
 * Waits until a tournament page is on the player's game: opened on its
 * own, or (paired before the page was loaded, which does not jump then)
 * by its "Your game" button.
 */
async function toGame(page) {
  const game = /\/game\/[^/]+$/;
  await Promise.race([
    page.waitForURL(game),
    page.locator('a.button', { hasText: 'Your game' }).click().catch(() => {}),
  ]);
  await page.waitForURL(game);
}

/** Both players of the game their pages show move once; then `loser` resigns. */
async function playAndResign(players, loser) {
  const game = players[0].page.url().split('/').pop();
  const state = await players[0].page.evaluate(async (g) => (await fetch(`/api/games/${g}`)).json(), game);
  const bySide = state.you === 'S' ? players : [players[1], players[0]];
  for (const [n, p] of bySide.entries()) {
    await p.page.locator('.board .pit.playable[aria-disabled="false"]').first().waitFor();
    await clickLegalPit(p.page);
    await p.page.waitForFunction((k) => document.querySelectorAll('.move-list li').length > k, n);
  }
  await loser.page.locator('.controls button', { hasText: 'Resign' }).click();
  await loser.page.locator('.controls button', { hasText: 'Really resign?' }).click();
  for (const p of players) await p.page.locator('.banner:not([hidden])').waitFor();
  return game;
}

test('a Swiss event: joined, started, its rounds paired and shown with the bye, the games played, the standings with tie-breaks', async () => {
  const people = [await person(), await person(), await person()];
  const names = ['Akua', 'Kwame', 'Esi'];
  for (const [i, p] of people.entries()) await signUp(p.page, names[i]);
  const [host] = people;
  // Made upcoming (the form makes arenas), so that everyone joins first.
  const made = await host.page.evaluate(async () => {
    const r = await fetch('/api/tournaments', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'swiss', name: 'Browser Swiss', rounds: 2, time_control: '3+2', starts_in_s: 3600 }),
    });
    if (!r.ok) throw new Error(await r.text());
    return r.json();
  });
  for (const p of people) {
    await p.page.goto(`${base}/tournament/${made.id}`);
    await p.page.locator('h1', { hasText: 'Browser Swiss' }).waitFor();
    await p.page.locator('.meta', { hasText: 'Swiss, 2 rounds' }).waitFor();
    await p.page.locator('button', { hasText: /^Join$/ }).click();
    await p.page.locator('.standings td', { hasText: names[people.indexOf(p)] }).waitFor();
  }
  // A spectator follows the event's page throughout (the players' pages
  // go to their games on their own).
  const watcher = await person();
  await watcher.page.goto(`${base}/tournament/${made.id}`);
  await watcher.page.locator('.standings td', { hasText: names[2] }).waitFor();
  await host.page.locator('button', { hasText: 'Start now' }).click();

  // Round 1: one game (its two players sent to it on their own), one bye.
  await watcher.page.locator('.swiss-round[aria-label="Round 1"] td', { hasText: 'bye' }).waitFor();
  const rows = await watcher.page.locator('.swiss-round[aria-label="Round 1"] tr').allInnerTexts();
  assert.equal(rows.length, 2, rows.join(' | '));
  const byeRow = rows.find((r) => r.includes('bye'));
  const bye = people[names.findIndex((n) => byeRow.startsWith(n))];
  const paired = people.filter((p) => p !== bye);
  for (const p of paired) await p.page.waitForURL(/\/game\/[^/]+$/);
  assert.equal(paired[0].page.url(), paired[1].page.url());
  // Both move before the resignation, so the loser is not paused (a loss
  // without a move pauses a player): it plays on in round 2.
  const [winner, loser] = paired;
  await playAndResign(paired, loser);
  for (const p of paired) {
    await p.page.locator('.banner a', { hasText: 'Back to the tournament' }).click();
    await p.page.waitForURL(new RegExp(`/tournament/${made.id}$`));
  }

  // Round 2: the winner meets the bye's taker (no one twice), the loser
  // has the bye; the round 1 result is shown.
  const round2 = watcher.page.locator('.swiss-round[aria-label="Round 2"]');
  await round2.locator('td', { hasText: 'bye' }).waitFor();
  const name = (p) => names[people.indexOf(p)];
  const r1 = (await watcher.page.locator('.swiss-round[aria-label="Round 1"] tr', { hasText: name(winner) }).innerText());
  assert.match(r1, /1–0|0–1/);
  assert.ok((await round2.locator('tr', { hasText: 'bye' }).innerText()).startsWith(name(loser)));
  for (const p of [winner, bye]) await toGame(p.page);
  await playAndResign([winner, bye], bye);
  await watcher.page.locator('.when', { hasText: 'Finished' }).waitFor();

  // Worked by hand (TOURNAMENTS.md): the winner 2 points, opponents the
  // loser (1) and the bye's taker (1): Buchholz 2, cut 1 1,
  // Sonneborn–Berger 2. The bye's taker 1: round 1's virtual opponent
  // 0 + 0 + ½ (a draw for the round after), then the winner (2):
  // Buchholz 2.5, cut 1 2, SB 0. The loser 1: the winner (2), then the
  // bye's virtual opponent 0: Buchholz 2, cut 1 2, SB 0; behind on
  // Buchholz.
  const lines = await watcher.page.locator('.standings tbody tr').allInnerTexts();
  const cells = lines.map((l) => l.split('\t').map((c) => c.trim()).slice(0, 6));
  assert.deepEqual(cells, [
    ['1', name(winner), '2', '1', '2', '2'],
    ['2', name(bye), '1', '2', '2.5', '0'],
    ['3', name(loser), '1', '2', '2', '0'],
  ]);
  await watcher.page.screenshot({ path: path.join(artifacts, 'swiss-standings.png'), fullPage: true });
  assert.deepEqual(consoleErrors, []);
});
