// The community in a real browser: two people sign up (with the
// keyboard), are paired through a quick pool, chat, and play a rated game
// to the end, after which both ratings change as Glicko-2 says; a third
// watches from a link without choosing a name; a person plays the
// computer and sees their own sowing before the reply, and a click during
// a sowing plays nothing; a player away when challenged to a
// correspondence game finds it in My games, and the header counts whose
// turn it is; a rated game aborted before both moved says so, and that
// it has no result and is not rated (on the page and in the game list);
// a bot's badge on its profile and at its seat, and a challenge
// sent to it from the dialog of its page, declined with a reason, then
// accepted (in the bots' pool from the start, as My games shows); every
// page fits a 390-pixel phone. Run with `node --test community.mjs` (see
// run.mjs for the environment).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';

import {
  artifacts, assertFits, base, clickLegalPit, consoleErrors, harness, person, signIn,
} from './support/harness.mjs';
import { period } from './support/glicko2.mjs';

harness();

const PASSWORD = 'correct horse battery';

test('the Glicko-2 of support/glicko2.mjs reproduces the example of Glickman\'s paper', () => {
  const [r, rd, sigma] = period(1500, 200, 0.06, [[1400, 30, 1], [1550, 100, 0], [1700, 300, 0]]);
  assert.ok(Math.abs(r - 1464.06) < 0.01, `${r}`);
  assert.ok(Math.abs(rd - 151.52) < 0.01, `${rd}`);
  assert.ok(Math.abs(sigma - 0.05999) < 0.00001, `${sigma}`);
});

/** Signs up `name` from the keyboard alone. */
async function signUp(page, name) {
  await page.goto(`${base}/signup`);
  await page.locator('#account-name').focus();
  // Type, Tab to the next field, Enter.
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await page.locator('#me .me-name', { hasText: name }).waitFor();
}

let ratedGame = null;
const names = ['Abena', 'Kwame'];

test('two people sign up, are paired in a pool, chat, and play a rated game whose ratings change as Glicko-2 says; a third watches without a name', async () => {
  const [a, b] = [await person(), await person()];
  await signUp(a.page, names[0]);
  await signUp(b.page, names[1]);
  // Sown at once, so that the game goes quickly.
  for (const p of [a, b]) await p.page.evaluate(() => localStorage.setItem('wari.speed', 'off'));

  // Both join the kalah 3+2 pool: Abena with the keyboard, Kwame with a click.
  await a.page.goto(`${base}/`);
  const pool = a.page.locator('button.pool[data-pool="kalah-3+2"]');
  await pool.focus();
  await a.page.keyboard.press('Enter');
  await a.page.locator('.seek-status', { hasText: 'Looking for an opponent' }).waitFor();
  assert.equal(await pool.getAttribute('aria-pressed'), 'true');
  await b.page.goto(`${base}/`);
  // Kwame sees Abena waiting there (a signed-in player sees the others).
  await b.page.locator('button.pool[data-pool="kalah-3+2"] .pool-waiting', { hasText: '1 waiting' }).waitFor();
  await b.page.locator('button.pool[data-pool="kalah-3+2"]').click();
  await a.page.waitForURL(/\/game\/[^/]+$/);
  await b.page.waitForURL(/\/game\/[^/]+$/);
  const id = a.page.url().split('/').pop();
  assert.equal(b.page.url().split('/').pop(), id);
  ratedGame = id;
  for (const p of [a, b]) {
    await p.page.locator('.game-info', { hasText: 'rated' }).waitFor();
    assert.equal(await p.page.locator('.seat .seat-rating', { hasText: '1500?' }).count(), 2);
    // A pool's game: South's seat says how long is left for the first
    // move (3+2: 30 s) before the game is aborted.
    await p.page.locator('.seat[data-side="S"] .first-move:not([hidden])', { hasText: /first move within 0:[0-3]\d, or the game is aborted/ }).waitFor();
    assert.equal(await p.page.locator('.seat[data-side="N"] .first-move:not([hidden])').count(), 0);
  }

  // A third person opens the game's link: no name asked, watching.
  const c = await person();
  await c.page.goto(`${base}/game/${id}`);
  await c.page.locator('.status', { hasText: 'You are watching' }).waitFor();
  assert.equal(await c.page.locator('dialog[open]').count(), 0);

  // The players talk; the watcher reads none of it.
  await a.page.locator('#chat-players-text').fill('good luck');
  await a.page.keyboard.press('Enter');
  await b.page.locator('.chat-room.players .chat-log', { hasText: 'good luck' }).waitFor();
  await b.page.locator('#chat-players-text').fill('you too');
  await b.page.locator('.chat-room.players button', { hasText: 'Send' }).click();
  await a.page.locator('.chat-room.players .chat-log', { hasText: 'you too' }).waitFor();
  assert.equal(await c.page.locator('.chat-room.players').count(), 0);
  await c.page.locator('.chat-room.spectators').waitFor();

  // They play to the end with clicks on the board's playable pits.
  const state = (p) => p.page.evaluate(async (gameId) => (await fetch(`/api/games/${gameId}`)).json(), id);
  const aSide = (await state(a)).you;
  for (let plies = 0; ; plies += 1) {
    assert.ok(plies < 400, 'the game ends within 400 moves');
    const g = await state(a);
    if (g.status === 'finished') break;
    const mover = g.to_move === aSide ? a : b;
    await mover.page.locator('.board .pit.playable').first().waitFor();
    await clickLegalPit(mover.page);
    await mover.page.waitForFunction((n) => document.querySelectorAll('.move-list li').length > n
      || document.querySelector('.banner:not([hidden])'), g.moves.length);
  }
  const banner = (p) => p.page.locator('.banner:not([hidden])');
  await banner(a).waitFor();
  await banner(b).waitFor();
  const game = await a.page.evaluate(async (gameId) => (await fetch(`/api/games/${gameId}`)).json(), id);
  assert.equal(game.status, 'finished');
  assert.equal(game.rated, true);
  const southScore = game.result === 'S' ? 1 : game.result === 'N' ? 0 : 0.5;
  const expected = {
    S: period(1500, 350, 0.06, [[1500, 350, southScore]])[0],
    N: period(1500, 350, 0.06, [[1500, 350, 1 - southScore]])[0],
  };
  // Each sees both new ratings at the board, as Glicko-2 gives them.
  for (const p of [a, b]) {
    const text = await p.page.locator('.banner .rating-change').innerText();
    for (const side of ['S', 'N']) {
      const { name } = game.players[side];
      const diff = Math.round(expected[side]) - 1500;
      const shown = diff > 0 ? `+${diff}` : diff < 0 ? `−${-diff}` : '±0';
      assert.ok(text.includes(`${name} ${Math.round(expected[side])} (${shown})`), `${text} lacks ${name} ${Math.round(expected[side])} (${shown})`);
    }
  }
  await a.page.screenshot({ path: path.join(artifacts, 'rated-game-over.png'), fullPage: true });

  // Their pages show the rating, still provisional, and the game.
  for (const side of ['S', 'N']) {
    const { name } = game.players[side];
    await c.page.goto(`${base}/player/${name}`);
    const rating = c.page.locator('.ratings .rating');
    await rating.waitFor();
    assert.equal(await rating.innerText(), `${Math.round(expected[side])}?`);
    await c.page.locator('.rating-graph').waitFor();
    await c.page.locator(`.game-list li[data-game="${id}"]`).waitFor();
  }
  await c.page.screenshot({ path: path.join(artifacts, 'profile.png'), fullPage: true });
  // North's games filtered: by its result, the game; by another, none.
  const northResult = game.result === 'N' ? 'win' : game.result === 'S' ? 'loss' : 'draw';
  const other = northResult === 'win' ? 'loss' : 'win';
  const show = async (result, rules) => {
    await c.page.locator('#f-result').selectOption(result);
    await c.page.locator('#f-rules').selectOption(rules);
    await c.page.locator('.filters button[type=submit]').click();
  };
  await show(other, 'kalah');
  await c.page.locator('.empty-list', { hasText: 'No game matches.' }).waitFor();
  await show(northResult, 'kalah');
  await c.page.locator(`.game-list li[data-game="${id}"]`).waitFor();
  await show(northResult, 'abapa');
  await c.page.locator('.empty-list', { hasText: 'No game matches.' }).waitFor();

  // The archive finds the game by either player.
  await c.page.goto(`${base}/archive?player=${names[1]}`);
  await c.page.locator(`.game-list li[data-game="${id}"]`).waitFor();
  for (const p of [a, b, c]) await p.context.close();
});

test('your own sowing shows before the computer\'s reply, and a click during a sowing plays nothing', async () => {
  const { context, page } = await person();
  await signIn(page, 'Efua');
  // A guest is told whom quick pairing pairs them with.
  await page.locator('.pools .hint', { hasText: 'paired with another guest, for a casual game' }).waitFor();
  await page.evaluate(() => localStorage.setItem('wari.speed', 'slow'));
  await page.locator('#opponent-computer').check();
  await page.locator('#level').selectOption('1');
  await page.locator('#starts-S').check();
  await page.locator('#create-table').click();
  await page.waitForURL(/\/game\/[^/]+$/);
  // Each sowing as the board shows it: the pit it starts from, then +pit
  // for each seed dropped.
  await page.evaluate(() => {
    window.sown = [];
    new MutationObserver((changes) => {
      // Each pit's class before this batch of changes and now (classList
      // reports a change even when a class it removes was not there).
      const before = new Map();
      for (const c of changes) if (!before.has(c.target)) before.set(c.target, (c.oldValue ?? '').split(' '));
      for (const [el, was] of before) {
        const pit = el.dataset?.pit;
        // A sowing starts (its pit) and drops seeds (each pit sown).
        if (el.classList.contains('origin') && !was.includes('origin')) window.sown.push(pit);
        if (el.classList.contains('sowing') && !was.includes('sowing')) window.sown.push(`+${pit}`);
      }
    }).observe(document.querySelector('.board'), { subtree: true, attributes: true, attributeFilter: ['class'], attributeOldValue: true });
  });
  const mine = await page.locator('.board .pit.playable').first().getAttribute('data-pit');
  await page.locator(`.board .pit[data-pit="${mine}"]`).click();
  await page.waitForFunction(() => document.querySelectorAll('.move-list li').length === 2);
  const reply = await page.locator('.move-list li').nth(1).getAttribute('aria-label');
  // While the reply is sown, a click on one of our pits plays nothing.
  await page.waitForFunction(() => window.sown.filter((e) => !e.startsWith('+')).length === 2);
  const pit = page.locator('.board .row.bottom .pit').first();
  await pit.click({ force: true });
  await page.locator('.notice', { hasText: 'caught up' }).waitFor();
  assert.equal(await page.locator('.move-list li').count(), 2);
  const sown = (await page.evaluate(() => window.sown)).join(' ');
  // Our move first, each of its 4 seeds drawn, then the reply.
  const starts = sown.split(' ').filter((e) => !e.startsWith('+'));
  assert.equal(starts[0], mine, sown);
  assert.match(reply, new RegExp(`North ${starts[1]}\\b`));
  const ours = sown.slice(0, sown.indexOf(` ${starts[1]}`)).split(' ').filter((e) => e.startsWith('+'));
  assert.equal(ours.length, 4, `our sowing drew ${ours.length} seeds of 4: ${sown}`);
  // The board has caught up: the pits can be played now.
  await page.locator('.board .pit.playable').first().waitFor();
  await context.close();
});

test('a challenge by name for a correspondence game waits in My games for the player who was away, who accepts it there; the header counts the games waiting for your move; a declined challenge tells the challenger', async () => {
  const [esi, yaw] = [await person(), await person()];
  await signUp(esi.page, 'Esi');
  await signUp(yaw.page, 'Yaw');
  // Yaw goes away before the challenge is made.
  await yaw.page.goto('about:blank');

  // Esi challenges him from his page: 1 day a move, Esi South (moves first).
  await esi.page.goto(`${base}/player/Yaw`);
  await esi.page.locator('a', { hasText: 'Custom challenge' }).click();
  await esi.page.locator('#opponent-challenge:checked').waitFor();
  assert.equal(await esi.page.locator('#challenged').inputValue(), 'Yaw');
  await esi.page.locator('#clock-days').check();
  await esi.page.locator('#days').selectOption('1');
  await esi.page.locator('#create-table').click();
  await esi.page.waitForURL(/\/game\/[^/]+$/);
  const id = esi.page.url().split('/').pop();

  // Back, Yaw finds it in the header and in My games, and accepts there.
  await yaw.page.goto(`${base}/`);
  const myGames = (p) => p.page.locator('#my-games');
  await yaw.page.waitForFunction(() => document.querySelector('#my-games')?.getAttribute('aria-label') === 'My games: 1 challenge');
  await myGames(yaw).click();
  const item = yaw.page.locator('.challenges li', { hasText: 'Esi challenges you' });
  await item.waitFor();
  assert.match(await item.innerText(), /1 day a move/);
  await item.locator('button', { hasText: 'Accept' }).click();
  await yaw.page.waitForURL(`${base}/game/${id}`);

  // The game waits for Esi: her header says so, and her clock counts days.
  await esi.page.waitForFunction(() => document.querySelector('#my-games')?.getAttribute('aria-label') === 'My games: 1 waiting for your move');
  assert.match(await esi.page.locator('.seat .clock').first().innerText(), /^(1 d 0 h|2[34]:\d\d:\d\d)$/);
  // Yaw's header drops the challenge he accepted (it reads his games once
  // the page is up: wait for it rather than read it at once).
  await yaw.page.waitForFunction(() => document.querySelector('#my-games')?.getAttribute('aria-label') === 'My games');
  await esi.page.locator('.board .pit.playable').first().waitFor();
  await clickLegalPit(esi.page);
  // Now it is Yaw's turn: his header and his list of games say so.
  await yaw.page.waitForFunction(() => document.querySelector('#my-games')?.getAttribute('aria-label') === 'My games: 1 waiting for your move');
  await esi.page.waitForFunction(() => document.querySelector('#my-games')?.getAttribute('aria-label') === 'My games');
  await myGames(yaw).click();
  const turn = yaw.page.locator('ul[aria-label="Your turn"] li');
  await turn.waitFor();
  assert.match(await turn.innerText(), /You have (1 d 0 h|2[34]:\d\d:\d\d) left/);

  // A second challenge, declined from My games: Esi is told. Her page of
  // the challenge's game (deleted by the decline) asks for no chat while
  // the game waits: the read would find no game, a console error.
  const chatReads = [];
  esi.page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/chat')) chatReads.push(request.url());
  });
  await esi.page.goto(`${base}/?challenge=Yaw`);
  await esi.page.locator('#clock-days').check();
  await esi.page.locator('#create-table').click();
  await esi.page.waitForURL(/\/game\/[^/]+$/);
  await esi.page.locator('.status', { hasText: 'Waiting for' }).waitFor();
  const second = yaw.page.locator('.challenges li', { hasText: 'Esi challenges you' });
  await second.locator('button', { hasText: 'Decline' }).click();
  await esi.page.locator('#toast', { hasText: 'Yaw declined your challenge.' }).waitFor();
  await yaw.page.locator('.challenges').waitFor({ state: 'detached' });
  assert.deepEqual(chatReads, []);
  await esi.context.close();
  await yaw.context.close();
});

/** A bot account made through the API (docs/API.md "Bots"): its bearer token. */
async function botAccount(name) {
  const signedUp = await fetch(`${base}/api/account`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, password: PASSWORD }),
  });
  assert.equal(signedUp.status, 200);
  const cookie = signedUp.headers.get('set-cookie').split(';')[0];
  const made = await fetch(`${base}/api/account/tokens`, {
    method: 'POST', headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ scopes: ['bot:play', 'challenge:read', 'challenge:write'] }),
  });
  const { token } = await made.json();
  await botPost(token, '/api/bot/account/upgrade');
  return token;
}

/** `token`'s call: POST `path` with `body` → its JSON. */
async function botPost(token, path, body = {}) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body),
  });
  assert.equal(response.status, 200, await response.clone().text());
  return response.json();
}

/** The first challenge `token`'s bot has received. */
async function received(token) {
  const response = await fetch(`${base}/api/account/games`, { headers: { authorization: `Bearer ${token}` } });
  const { challenges } = await response.json();
  return challenges.received[0];
}

test('a bot wears its badge on its page and at its seat; a challenge sent from the dialog of its page is declined with a reason, then accepted', async () => {
  const token = await botAccount('DeepSeed');
  const efua = await person();
  await signUp(efua.page, 'Efua');
  await efua.page.goto(`${base}/player/DeepSeed`);
  await efua.page.locator('h1 .bot-badge', { hasText: 'BOT' }).waitFor();

  const challenge = async () => {
    await efua.page.locator('button', { hasText: 'Challenge DeepSeed' }).click();
    const dialog = efua.page.locator('dialog.challenge-dialog');
    await dialog.locator('#c-rules').selectOption('abapa');
    await dialog.locator('#c-clock').selectOption('1+1');
    await dialog.locator('#c-color').selectOption('S');
    assert.equal(await dialog.locator('#c-rated').isChecked(), true);
    await dialog.locator('button', { hasText: 'Send the challenge' }).click();
    await efua.page.locator('#toast', { hasText: 'Challenge sent to DeepSeed' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
  };
  await challenge();
  const first = await received(token);
  assert.equal(first.creator.name, 'Efua');
  assert.equal(first.creator.side, 'S');
  assert.deepEqual([first.rules, first.clock.time_control, first.rated], ['abapa', '1+1', true]);
  await botPost(token, `/api/challenge/${first.id}/decline`, { reason: 'tooFast' });
  await efua.page.locator('#toast', { hasText: 'DeepSeed declined your challenge (too fast for me).' }).waitFor();

  await challenge();
  const second = await received(token);
  // Before the bot takes the seat, the challenge is in the bots' pool:
  // so says My games, where Efua sees the challenge she sent.
  assert.equal(second.pool, 'bot-abapa-bullet');
  await efua.page.goto(`${base}/games`);
  await efua.page.locator(`.challenge[data-table="${second.id}"] .meta`, { hasText: 'rated bullet (against bots)' }).waitFor();
  const { game_id: id } = await botPost(token, `/api/challenge/${second.id}/accept`);
  await efua.page.goto(`${base}/game/${id}`);
  const seat = efua.page.locator('.seat', { hasText: 'DeepSeed' });
  await seat.locator('.bot-badge', { hasText: 'BOT' }).waitFor();
  assert.equal(await efua.page.locator('.seat', { hasText: 'Efua' }).locator('.bot-badge').count(), 0);
  await efua.context.close();
});

test('a rated game aborted before both players moved says it has no result and is not rated', async () => {
  const [a, b] = [await person(), await person()];
  await signUp(a.page, 'Adwoa');
  await signUp(b.page, 'Kojo');
  for (const p of [a, b]) {
    await p.page.goto(`${base}/`);
    await p.page.locator('button.pool[data-pool="abapa-10+5"]').click();
  }
  for (const p of [a, b]) await p.page.waitForURL(/\/game\/[^/]+$/);
  await a.page.locator('.game-info', { hasText: 'rated' }).waitFor();
  // Before both have moved there is no resigning: the game is aborted.
  assert.equal(await a.page.locator('.controls button', { hasText: 'Resign' }).count(), 0);
  await a.page.locator('.controls button', { hasText: 'Abort the game' }).click();
  for (const p of [a, b]) {
    const banner = p.page.locator('.banner[data-result="aborted"]:not([hidden])');
    await banner.locator('.headline', { hasText: 'Game aborted' }).waitFor();
    assert.match(await banner.innerText(), /aborted before both players moved: no result, not rated\./);
    assert.equal(await banner.locator('.rating-change').count(), 0);
  }
  const id = a.page.url().split('/').pop();
  const game = await a.page.evaluate(async (gameId) => (await fetch(`/api/games/${gameId}`)).json(), id);
  assert.equal(game.rated, false);
  assert.equal(game.reason, 'aborted');
  assert.equal(game.result, null);
  assert.equal(game.moves.length, 0);
  // The player's page lists it as aborted, and counts no game.
  await a.page.goto(`${base}/player/Adwoa`);
  await a.page.locator(`.game-item[data-game="${id}"] .outcome`, { hasText: 'aborted' }).waitFor();
  await a.context.close();
  await b.context.close();
});

test('every page fits a 390-pixel phone without sideways scrolling', async () => {
  const width = 390;
  const { context, page } = await person({ viewport: { width, height: 844 }, hasTouch: true, isMobile: true });
  await page.goto(`${base}/signup`);
  await assertFits(page, width, 'the sign-up page');
  await page.locator('#account-name').fill('Phone_Pat');
  await page.locator('#account-password').fill(PASSWORD);
  await page.locator('#account-confirm').fill(PASSWORD);
  await page.locator('.account-form button[type=submit]').click();
  await page.locator('#me .me-name', { hasText: 'Phone_Pat' }).waitFor();
  await page.goto(`${base}/`);
  await page.locator('button.pool').first().waitFor();
  // The form with its longest choices shown.
  await page.locator('#opponent-challenge').check();
  await page.locator('#clock-custom').check();
  await assertFits(page, width, 'the lobby');
  await page.locator('#clock-days').check();
  await page.locator('#variant-kalah').check();
  await assertFits(page, width, 'the lobby (Kalah, correspondence)');
  await page.screenshot({ path: path.join(artifacts, 'lobby-phone.png'), fullPage: true });
  // The challenge sent: its game waiting, and in My games.
  await page.locator('#challenged').fill(names[1]);
  await page.locator('#create-table').click();
  await page.waitForURL(/\/game\/[^/]+$/);
  await page.locator('.status').first().waitFor();
  await assertFits(page, width, 'a challenge waiting');
  await page.goto(`${base}/games`);
  await page.locator('.challenges li', { hasText: `You challenged ${names[1]}` }).waitFor();
  await assertFits(page, width, 'my games with a challenge');
  for (const [address, ready, what] of [
    [`/game/${ratedGame}`, '.banner:not([hidden])', 'a finished rated game'],
    [`/player/${names[0]}`, '.rating-graph', 'a player\'s page'],
    ['/archive', '.game-list li', 'the archive'],
    ['/leaderboard', '.leaderboard .hint', 'the leaderboard'],
    ['/games', '.my-games h2', 'my games'],
    ['/account', '.account-form', 'the settings'],
  ]) {
    await page.goto(`${base}${address}`);
    await page.locator(ready).first().waitFor();
    await assertFits(page, width, what);
  }
  await page.screenshot({ path: path.join(artifacts, 'archive-phone.png'), fullPage: true });
  await context.close();
});

test('no page of the community logged a console error', () => {
  assert.deepEqual(consoleErrors, []);
});
