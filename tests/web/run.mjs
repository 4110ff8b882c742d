// The web front end in a real browser: Debian's chromium driven by
// playwright-core against the real server (support/harness.mjs). Run with
// `node --test run.mjs` (the node test runner prints the summary).
//
// Environment:
//   WARI_BIN       the wari binary (default ../../target/release/wari)
//   CHROMIUM       the browser (default /usr/bin/chromium)
//   WARI_URL       test a server already running there instead
//   WARI_WEB_DIR   serve the front end from this directory, in front of the
//                  server's API (to test pages the binary does not embed)
//   ARTIFACTS      where screenshots go (default ./artifacts)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

import {
  artifacts, assertFits, base, boardLabels, clickLegalPit, consoleErrors, harness, pagesSeen, person, signIn,
} from './support/harness.mjs';

harness();

let finishedGameId = null;

test('a whole game against the computer (level 1), played with clicks, ends with a result banner', async () => {
  const { context, page } = await person();
  // Looking at the lobby asks no name; creating a table does.
  await page.goto(`${base}/`);
  await page.locator('.open-tables, .empty-list').first().waitFor();
  assert.equal(await page.locator('dialog[open]').count(), 0);
  await page.screenshot({ path: path.join(artifacts, 'lobby.png'), fullPage: true });

  await page.locator('#opponent-computer').check();
  await page.locator('#level').selectOption('1');
  await page.locator('#starts-S').check();
  await page.locator('#create-table').click();
  await page.locator('#guest-name').fill('Ada');
  await page.locator('dialog button[type=submit]').click();
  await page.waitForURL(/\/game\/[^/]+$/);
  await page.locator('#me', { hasText: 'Ada' }).waitFor();
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
  const row = north.page.locator('.open-tables li', { hasText: 'Sam' });
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
    if (ply === 0) {
      // The lobby counts it: "1 move", not "1 moves".
      const lobby = await watcher.context.newPage();
      await lobby.goto(`${base}/`);
      const line = lobby.locator(`.playing li[data-game="${gameId}"]`);
      await line.waitFor();
      assert.match(await line.innerText(), /\b1 move\b/);
      assert.doesNotMatch(await line.innerText(), /1 moves/);
      await lobby.close();
    }
  }
  // The watcher's board is the players' board (once the sowing is drawn).
  await watcher.page.waitForTimeout(1500);
  assert.deepEqual(await boardLabels(watcher.page), await boardLabels(south.page));
  assert.deepEqual(await boardLabels(watcher.page), await boardLabels(north.page));
  assert.equal(await watcher.page.locator('.board .pit.playable').count(), 0);
  await watcher.page.screenshot({ path: path.join(artifacts, 'watching.png'), fullPage: true });

  // Nia asks to take back; Sam declines, and Nia is told.
  await north.page.locator('button', { hasText: 'Ask to take back' }).click();
  await south.page.locator('.offer.theirs', { hasText: 'take back' }).locator('button', { hasText: 'Decline' }).click();
  await north.page.locator('.notice', { hasText: 'declined your offer to take back' }).waitFor();

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
  const row = page.locator(`li[data-game="${finishedGameId}"]`);
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
    await assertFits(page, viewport.width, `the game page (${name})`);
    await page.screenshot({ path: path.join(artifacts, `board-${name}.png`), fullPage: true });
    await context.close();
  }
});

test('no page logged a console error', () => {
  for (const p of ['/', '/game/ID', '/archive', '/replay/ID']) assert.ok(pagesSeen.has(p), `page ${p} was not visited: ${[...pagesSeen]}`);
  assert.deepEqual(consoleErrors, []);
});
