// The web front end in a real browser: Debian's chromium driven by
// playwright-core against the real server (`wari serve`, from WARI_BIN,
// on a free port with a fresh SQLite file). Run with `node run.mjs` (the
// node test runner prints the summary).
//
// Environment:
//   WARI_BIN       the wari binary (default ../../target/release/wari)
//   CHROMIUM       the browser (default /usr/bin/chromium)
//   WARI_URL       test a server already running there instead
//   WARI_WEB_DIR   serve the front end from this directory, in front of the
//                  server's API (to test pages the binary does not embed)
//   ARTIFACTS      where screenshots go (default ./artifacts)

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

import { startFrontProxy, freePort } from './support/proxy.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const wariBin = path.resolve(root, process.env.WARI_BIN ?? 'target/release/wari');
const artifacts = path.resolve(here, process.env.ARTIFACTS ?? 'artifacts');
const STEP_MS = 30_000;

let base = '';
let server = null;
let proxy = null;
let browser = null;
let tmp = null;
const serverLog = [];
/** Every console error and uncaught exception, with the page it came from. */
const consoleErrors = [];
/** Paths of the pages the tests opened, to say which were watched. */
const pagesSeen = new Set();

async function waitForHealth(url, ms) {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (server && server.exitCode !== null) {
      throw new Error(`wari serve exited with ${server.exitCode}:\n${serverLog.join('')}`);
    }
    if (Date.now() > until) throw new Error(`the server did not answer /healthz in ${ms} ms:\n${serverLog.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

before(async () => {
  fs.mkdirSync(artifacts, { recursive: true });
  if (process.env.WARI_URL) {
    base = process.env.WARI_URL.replace(/\/$/, '');
  } else {
    assert.ok(fs.existsSync(wariBin), `no wari binary at ${wariBin}: build it (cargo build --release -p wari) or set WARI_BIN`);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wari-web-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(wariBin, ['serve', '--bind', `127.0.0.1:${port}`, '--database', `sqlite://${tmp}/wari.db?mode=rwc`], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, RUST_LOG: process.env.RUST_LOG ?? 'warn' },
    });
    server.stdout.on('data', (d) => serverLog.push(String(d)));
    server.stderr.on('data', (d) => serverLog.push(String(d)));
  }
  await waitForHealth(base, 60_000);
  if (process.env.WARI_WEB_DIR) {
    proxy = await startFrontProxy(path.resolve(process.env.WARI_WEB_DIR), base);
    base = proxy.url;
  }
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
});

after(async () => {
  await browser?.close();
  await proxy?.close();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((r) => {
      server.once('exit', r);
      setTimeout(r, 5000);
    });
  }
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** A browser context (one person: its own cookies) with a page that records console errors. */
async function person(options = {}) {
  // Each person gets a fresh profile: newContext is playwright's fresh user data.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true, ...options });
  context.setDefaultTimeout(STEP_MS);
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: uncaught ${error.message}`));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) pagesSeen.add(new URL(frame.url()).pathname.replace(/^\/(game|replay|invite)\/.+$/, '/$1/ID'));
  });
  return { context, page };
}

/** Opens the lobby and gives the guest name the first time. */
async function signIn(page, name) {
  await page.goto(`${base}/`);
  await page.locator('#guest-name').fill(name);
  await page.locator('dialog button[type=submit]').click();
  await page.locator('#me', { hasText: name }).waitFor();
}

/** The counts on the board, by pit letter, as the accessible names say. */
async function boardLabels(page) {
  return page.$$eval('.board .pit', (pits) => pits.map((p) => p.getAttribute('aria-label')).sort());
}

/** Plays one legal move by clicking an enabled pit (a random one). */
async function clickLegalPit(page) {
  const pits = page.locator('.board .pit.playable[aria-disabled="false"]');
  const n = await pits.count();
  if (n === 0) return null;
  const pit = pits.nth(Math.floor(Math.random() * n));
  const letter = await pit.getAttribute('data-pit');
  await pit.click();
  return letter;
}

let finishedGameId = null;

test('a whole game against the computer (level 1), played with clicks, ends with a result banner', async () => {
  const { context, page } = await person();
  await signIn(page, 'Ada');
  await page.locator('.open-tables, .empty-list').first().waitFor();
  await page.screenshot({ path: path.join(artifacts, 'lobby.png'), fullPage: true });

  await page.locator('#opponent-computer').check();
  await page.locator('#level').selectOption('1');
  await page.locator('#starts-S').check();
  await page.locator('#create-table').click();
  await page.waitForURL(/\/game\/[^/]+$/);
  finishedGameId = page.url().split('/').pop();

  const banner = page.locator('.banner:not([hidden])');
  let clicks = 0;
  while (!(await banner.isVisible())) {
    // Our turn: an enabled pit appears; otherwise the computer is thinking.
    await page.locator('.board .pit.playable, .banner:not([hidden])').first().waitFor();
    if (await banner.isVisible()) break;
    const movesBefore = await page.locator('.move-list li').count();
    if (await clickLegalPit(page)) {
      clicks += 1;
      await page.waitForFunction((n) => document.querySelectorAll('.move-list li').length > n, movesBefore);
    }
    if (clicks === 3) {
      await page.waitForTimeout(1000);
      await page.screenshot({ path: path.join(artifacts, 'board.png'), fullPage: true });
    }
    assert.ok(clicks < 400, 'the game should end within 400 moves');
  }
  const text = await banner.innerText();
  assert.match(text, /You win|You lose|Draw/);
  assert.match(text, /South \d+(½)?, North \d+(½)?/);
  assert.match(text, /seeds|row|cycle|resigned|time/);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: path.join(artifacts, 'game-over.png'), fullPage: true });
  // After the end no pit can be played.
  assert.equal(await page.locator('.board .pit.playable').count(), 0);
  await context.close();
});

test('two people play each other while a third watches, and the watcher sees every move', async () => {
  const south = await person();
  const north = await person();
  const watcher = await person();
  await signIn(south.page, 'Sam');
  await signIn(north.page, 'Nia');
  await signIn(watcher.page, 'Wes');

  // Sam opens a public table with a clock, playing South.
  await south.page.locator('#opponent-human').check();
  await south.page.locator('#visibility-public').check();
  await south.page.locator('#starts-S').check();
  await south.page.locator('#clock-7\\+3').check();
  await south.page.locator('#create-table').click();
  await south.page.waitForURL(/\/game\/[^/]+$/);
  await south.page.locator('.status', { hasText: 'Waiting for an opponent' }).waitFor();
  const gameId = south.page.url().split('/').pop();

  // Nia joins it from the lobby's list of open tables.
  await north.page.goto(`${base}/`);
  const row = north.page.locator('.open-tables tr', { hasText: 'Sam' });
  await row.locator('button', { hasText: 'Join' }).click();
  await north.page.waitForURL(new RegExp(`/game/${gameId}$`));

  // Wes finds it among the games being played and watches.
  await watcher.page.goto(`${base}/`);
  await watcher.page.locator(`.playing li[data-game="${gameId}"] a`, { hasText: 'Watch' }).click();
  await watcher.page.waitForURL(new RegExp(`/game/${gameId}$`));
  await watcher.page.locator('.status', { hasText: 'You are watching' }).waitFor();

  // North sits at the bottom of Nia's board: her row a..f left to right.
  const northRow = await north.page.$$eval('.board .row.bottom .pit', (p) => p.map((b) => b.dataset.pit).join(''));
  assert.equal(northRow, 'abcdef');
  const southRow = await south.page.$$eval('.board .row.bottom .pit', (p) => p.map((b) => b.dataset.pit).join(''));
  assert.equal(southRow, 'ABCDEF');

  // A pit that is not yours cannot be played, and the page says why.
  // aria-disabled pits still take clicks (to say why): force past playwright's check.
  await south.page.locator('.board .pit[data-pit="d"]').click({ force: true });
  await south.page.locator('.notice', { hasText: "Pit d is North's" }).waitFor();
  assert.equal(await south.page.locator('.move-list li').count(), 0);

  // Both clocks show; South's runs once the game starts.
  assert.match(await south.page.locator('.seat.bottom .clock').innerText(), /\d:\d\d/);

  const players = [south.page, north.page];
  for (let ply = 0; ply < 10; ply += 1) {
    const mover = players[ply % 2];
    await mover.locator('.board .pit.playable').first().waitFor();
    if (ply === 3) {
      // Nia plays this one from the keyboard: the letter of one of her pits.
      const letter = await mover.locator('.board .pit.playable').first().getAttribute('data-pit');
      await mover.keyboard.press(letter.toUpperCase());
    } else {
      await clickLegalPit(mover);
    }
    for (const page of [south.page, north.page, watcher.page]) {
      await page.waitForFunction((n) => document.querySelectorAll('.move-list li').length === n, ply + 1);
    }
  }
  // The watcher's board is the players' board (once the sowing is drawn).
  await watcher.page.waitForTimeout(1500);
  assert.deepEqual(await boardLabels(watcher.page), await boardLabels(south.page));
  assert.deepEqual(await boardLabels(watcher.page), await boardLabels(north.page));
  assert.equal(await watcher.page.locator('.board .pit.playable').count(), 0);
  await watcher.page.screenshot({ path: path.join(artifacts, 'watching.png'), fullPage: true });

  // Sam offers to end the game by the cycle rule; Nia sees it and accepts.
  await south.page.locator('button', { hasText: 'Offer to end by the cycle rule' }).click();
  await north.page.locator('.offer.theirs', { hasText: 'cycle rule' }).waitFor();
  await north.page.locator('.offer.theirs button', { hasText: 'Accept' }).click();
  for (const page of [south.page, north.page, watcher.page]) {
    const banner = page.locator('.banner:not([hidden])');
    await banner.waitFor();
    assert.match(await banner.innerText(), /agreed to end the game by the cycle rule/);
  }
  for (const p of [south, north, watcher]) await p.context.close();
});

test('a finished game replays: keys, buttons, a click on a move, the evaluation, OGN download and upload', async () => {
  assert.ok(finishedGameId, 'the game against the computer finished first');
  const { context, page } = await person();
  await signIn(page, 'Rey');
  await page.locator('header a', { hasText: 'Archive' }).click();
  await page.waitForURL(/\/archive$/);
  const row = page.locator(`tr[data-game="${finishedGameId}"]`);
  await row.locator('a', { hasText: 'Replay' }).click();
  await page.waitForURL(new RegExp(`/replay/${finishedGameId}$`));
  await page.locator('.replay-moves li').first().waitFor();
  const total = await page.locator('.replay-moves li').count();
  assert.ok(total > 5);

  // Home goes to the start; arrows step; the start has the start counts.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Home');
  await page.locator('.replay-where', { hasText: 'Start position' }).waitFor();
  assert.ok((await boardLabels(page)).every((l) => l.endsWith(', 4 seeds')));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.locator('.replay-where', { hasText: 'After move 3 of' }).waitFor();
  await page.keyboard.press('ArrowLeft');
  await page.locator('.replay-where', { hasText: 'After move 2 of' }).waitFor();
  await page.locator('button[aria-label="Next move"]').click();
  await page.locator('.replay-where', { hasText: 'After move 3 of' }).waitFor();

  // A click on move 5 in the list goes there.
  await page.locator('.replay-moves li:nth-child(5) button').click();
  await page.locator('.replay-where', { hasText: 'After move 5 of' }).waitFor();
  assert.equal(await page.locator('.replay-moves li:nth-child(5) button').getAttribute('aria-current'), 'step');

  // The engine's evaluation and best line for this position.
  await page.locator('.eval-best').waitFor();
  assert.match(await page.locator('.eval-best').innerText(), /^[A-Fa-f]$/);
  assert.match(await page.locator('.eval-score').innerText(), /ahead|Even/);
  await page.screenshot({ path: path.join(artifacts, 'replay.png'), fullPage: true });

  // The OGN downloads, and uploading it replays the same moves.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('a', { hasText: 'Download OGN' }).click(),
  ]);
  const file = path.join(artifacts, `${finishedGameId}.ogn`);
  await download.saveAs(file);
  const ogn = fs.readFileSync(file, 'utf8');
  assert.match(ogn, /\[/);
  await page.goto(`${base}/archive`);
  await page.locator('#ogn-file').setInputFiles(file);
  await page.locator('button', { hasText: 'Upload and replay' }).click();
  await page.waitForURL(/\/replay\/[^/]+$/);
  assert.notEqual(page.url().split('/').pop(), finishedGameId);
  await page.locator('.replay-moves li').first().waitFor();
  assert.equal(await page.locator('.replay-moves li').count(), total);
  await context.close();
});

test('the pages fit a phone and 200% zoom without sideways scrolling', async () => {
  // 200% zoom of a 1280-pixel window lays out like a 640-pixel one.
  for (const [name, viewport] of [['phone', { width: 390, height: 844 }], ['zoom200', { width: 640, height: 450 }]]) {
    const { context, page } = await person({ viewport, hasTouch: name === 'phone', isMobile: name === 'phone' });
    await signIn(page, `Pat ${name}`);
    await page.locator('#opponent-computer').check();
    await page.locator('#level').selectOption('1');
    await page.locator('#create-table').click();
    await page.waitForURL(/\/game\/[^/]+$/);
    await page.locator('.board .pit').first().waitFor();
    const pit = page.locator('.board .pit.playable').first();
    await pit.waitFor();
    if (name === 'phone') await pit.tap();
    else await pit.click();
    await page.waitForFunction(() => document.querySelectorAll('.move-list li').length >= 1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `${name}: the page scrolls sideways by ${overflow}px`);
    await page.screenshot({ path: path.join(artifacts, `board-${name}.png`), fullPage: true });
    await context.close();
  }
});

test('no page logged a console error', () => {
  for (const p of ['/', '/game/ID', '/archive', '/replay/ID']) assert.ok(pagesSeen.has(p), `page ${p} was not visited: ${[...pagesSeen]}`);
  assert.deepEqual(consoleErrors, []);
});
