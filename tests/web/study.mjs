// The study pages in a real browser (issue 16): the analysis board (a
// tree of variations, the engine's three lines deepening, the endgame
// tables' value of each move, OGN with variations out and back in), the
// position editor, the puzzle trainer (a guest's rating in the browser, a
// signed-in player's kept by the server and shown on the profile), a
// game's review and the Learn pages, one lesson with the page in Spanish. Expected values are worked out
// by hand from RULES.md, or come from the server's own OGN reader and
// this suite's own Glicko-2 (support/glicko2.mjs).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  artifacts, assertFits, base, consoleErrors, harness, pagesSeen, person,
} from './support/harness.mjs';
import { period } from './support/glicko2.mjs';

harness();

/** The moves box as text: main line and side lines in parentheses. */
const treeText = (page) => page.locator('.variations').innerText()
  .then((t) => t.replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim());

/** The depth the engine reports now, or 0. */
async function depthShown(page) {
  const text = await page.locator('.engine-status').innerText();
  const m = /Depth (\d+)/.exec(text);
  return m ? Number(m[1]) : 0;
}

test('the analysis board keeps variations, promotes and deletes a line, and the engine deepens three lines', async () => {
  const { context, page } = await person();
  await page.goto(`${base}/`);
  await page.locator('header a', { hasText: 'Analysis' }).click();
  await page.waitForURL(/\/analysis$/);
  await page.locator('.board .pit').first().waitFor();

  // The engine's three best lines, deeper and deeper.
  await page.waitForFunction(() => /Depth \d+/.test(document.querySelector('.engine-status')?.textContent ?? ''));
  const first = await depthShown(page);
  await page.waitForFunction((d) => {
    const m = /Depth (\d+)/.exec(document.querySelector('.engine-status')?.textContent ?? '');
    return m && Number(m[1]) > d;
  }, first);
  assert.equal(await page.locator('.engine-lines li').count(), 3);
  const moves = await page.locator('.engine-lines li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-move')));
  assert.equal(new Set(moves).size, 3);
  for (const m of moves) assert.match(m, /^[A-F]$/, 'South moves first');

  // C, then b: the main line. Back one, then a: a side line.
  await page.locator('.board .pit[data-pit="C"]').click();
  await page.locator('.replay-where', { hasText: 'South played C' }).waitFor();
  await page.locator('.board .pit[data-pit="b"]').click();
  await page.locator('.replay-where', { hasText: 'North played b' }).waitFor();
  await page.keyboard.press('ArrowLeft');
  await page.locator('.replay-where', { hasText: 'South played C' }).waitFor();
  await page.locator('.board .pit[data-pit="a"]').click();
  await page.locator('.replay-where', { hasText: 'North played a' }).waitFor();
  assert.equal(await treeText(page), '1. C b (a)');
  assert.equal(await page.locator('button[aria-current="step"]').getAttribute('aria-label'), 'Ply 2: a (side line)');

  // Promote: a becomes the main line, b the side line.
  await page.locator('button', { hasText: 'Promote this line' }).click();
  assert.equal(await treeText(page), '1. C a (b)');
  assert.equal(await page.locator('button', { hasText: 'Promote this line' }).isDisabled(), true);

  // Delete from a: only C and b are left, and the board is after C.
  await page.locator('button', { hasText: 'Delete from this move' }).click();
  assert.equal(await treeText(page), '1. C b');
  await page.locator('.replay-where', { hasText: 'South played C' }).waitFor();
  await page.screenshot({ path: path.join(artifacts, 'analysis.png'), fullPage: true });
  await context.close();
});

test('inside the endgame tables each move shows its exact value (Kalah) or an estimate (abapa)', async () => {
  const { context, page } = await person();
  // Kalah, two pits a row, worked out by hand with RULES.md §3:
  // A: B gets 1, the store 1 (extra move); B (2): the store and North's a;
  //    South's row is empty, North adds a and b: 23-25, South loses by 2.
  // B: the store (extra move); A: B and the store (extra move); B: the
  //    store; South's row is empty, North adds b: 24-24, a draw.
  const query = new URLSearchParams({ rules: 'kalah,pits=2', position: '2,1/0,1 S 21-23' });
  await page.goto(`${base}/analysis?${query}`);
  const a = page.locator('.table-verdicts li[data-move="A"]');
  await a.waitFor({ timeout: 120_000 });
  assert.equal(await a.innerText(), 'A: South loses by 2 seeds (exact)');
  assert.equal(await page.locator('.table-verdicts li[data-move="B"]').innerText(), 'B: South draws (exact)');
  // The engine proves the same, best first.
  await page.locator('.engine-status', { hasText: 'solved' }).waitFor();
  assert.deepEqual(await page.locator('.engine-lines li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-move'))), ['B', 'A']);
  assert.match(await page.locator('.engine-lines li').first().innerText(), /Even \(proven\)/);
  assert.match(await page.locator('.engine-lines li').nth(1).innerText(), /North is ahead by 2 seeds \(proven\)/);

  // Under abapa the tables follow a cycle convention: estimates, said so.
  await page.goto(`${base}/analysis?${new URLSearchParams({ rules: 'abapa,pits=2', position: '1,1/1,1 S 22-22' })}`);
  const estimate = page.locator('.table-verdicts li[data-move="A"]');
  await estimate.waitFor({ timeout: 120_000 });
  assert.equal(await estimate.getAttribute('data-exact'), 'false');
  assert.match(await estimate.innerText(), /estimate/);
  await context.close();
});

test('the tree goes out as OGN with variations, the server reads its main line, and it comes back in', async () => {
  const { context, page } = await person();
  const query = new URLSearchParams({ rules: 'kalah,pits=2', position: '2,1/0,1 S 21-23' });
  await page.goto(`${base}/analysis?${query}`);
  await page.locator('.board .pit').first().waitFor();
  // The main line B A B ends the game 24-24 (worked out above); A B is
  // the side line.
  for (const letter of ['B', 'A', 'B']) await page.locator(`.board .pit[data-pit="${letter}"]`).click();
  await page.locator('.replay-where', { hasText: 'The game is over' }).waitFor();
  await page.keyboard.press('Home');
  for (const letter of ['A', 'B']) await page.locator(`.board .pit[data-pit="${letter}"]`).click();
  const tree = await treeText(page);
  assert.equal(tree, '1. B (1. A B) A 2. B');

  await page.locator('summary', { hasText: 'OGN' }).click();
  await page.locator('button', { hasText: 'Export' }).click();
  const ogn = await page.locator('#ogn-text').inputValue();
  assert.match(ogn, /\[Rules "kalah,pits=2"\]/);
  assert.match(ogn, /\[FEN "2-1-0-1-21-23-S"\]/);
  assert.match(ogn, /1\. B \(1\. A B\) 1\.\.\. A 2\. B \*/);

  // The server's reader (Rust, variations skipped) takes the main line:
  // a finished game of three moves, 24-24.
  const imported = await page.evaluate(async (text) => {
    const r = await fetch('/api/archive', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: text });
    const body = await r.json();
    if (!r.ok) return { error: body.error };
    const game = await (await fetch(`/api/games/${body.game_id}`)).json();
    return { moves: game.moves, score: game.score, result: game.result };
  }, ogn.replace('[Result "*"]', '[Result "24-24"]').replace(/\*\n$/, '24-24\n'));
  assert.deepEqual(imported, { moves: ['B', 'A', 'B'], score: '24-24', result: 'draw' });

  // Back in: a fresh board, the record imported, the same tree.
  await page.goto(`${base}/analysis`);
  await page.locator('summary', { hasText: 'OGN' }).click();
  await page.locator('#ogn-text').fill(ogn);
  await page.locator('button', { hasText: 'Import' }).click();
  assert.equal(await treeText(page), tree);
  // A broken record is refused with its reason.
  await page.locator('#ogn-text').fill(ogn.replace('1... A', '1... C'));
  await page.locator('button', { hasText: 'Import' }).click();
  assert.match(await page.locator('.ogn-box .error').innerText(), /cannot be read: .*C/);
  await context.close();
});

/** Fills the editor's inputs with a position string's counts (six pits a row). */
async function setUp(page, text) {
  const [rows, turn, caps] = text.split(' ');
  const [south, north] = rows.split('/').map((r) => r.split(','));
  const m = south.length;
  for (let c = 0; c < m; c += 1) {
    await page.locator(`#pit-${'ABCDEF'[c]}`).fill(south[c]);
    await page.locator(`#pit-${'abcdef'[c]}`).fill(north[c]);
  }
  const [s, n] = caps.split('-');
  await page.locator('#captured-S').fill(s);
  await page.locator('#captured-N').fill(n);
  await page.locator(`input[name="editor-turn"][value="${turn}"]`).check();
}

test('the position editor refuses what cannot be played, with the reason, and starts a game from what can', async () => {
  const { context, page } = await person();
  await page.goto(`${base}/editor`);
  const verdict = page.locator('.editor-verdict');
  await verdict.locator('text=legal moves').waitFor();
  // RULES.md 2.5: more than half of the seeds captured ends the game.
  await setUp(page, '1,1,1,1,1,1/1,1,1,1,1,1 S 25-11');
  await page.locator('.editor-verdict[data-verdict="over"]').waitFor();
  assert.equal(await verdict.innerText(), 'Not playable: the game is over in this position (more than half of the seeds were captured).');
  // RULES.md 2.5: the player to move has no legal move (an empty row).
  await setUp(page, '0,0,0,0,0,0/4,4,4,4,4,4 S 12-12');
  await page.locator('.editor-verdict[data-verdict="over"]', { hasText: 'no legal move' }).waitFor();
  // More seeds than a position can hold.
  await setUp(page, '99,99,99,99,99,99/99,99,99,99,99,99 S 0-0');
  await page.locator('.editor-verdict[data-verdict="illegal"]', { hasText: 'too many seeds' }).waitFor();
  assert.equal(await page.locator('a', { hasText: 'Analyse' }).getAttribute('aria-disabled'), 'true');
  assert.equal(await page.locator('button', { hasText: 'Play the computer' }).isDisabled(), true);

  // A legal one: South's only seeds are the one in F, so F is the only move.
  await setUp(page, '0,0,0,0,0,1/2,5,0,0,0,4 S 20-15');
  await page.locator('.editor-verdict[data-verdict="legal"]', { hasText: 'legal moves F.' }).waitFor();
  await page.locator('a', { hasText: 'Analyse' }).click();
  await page.waitForURL(/\/analysis\?/);
  assert.equal(await page.locator('.board .pit[data-pit="F"]').getAttribute('aria-label'), 'Pit F, 1 seed');
  assert.equal(await page.locator('.board .pit[data-pit="b"]').getAttribute('aria-label'), 'Pit b, 5 seeds');

  // Back to the editor from the board, then a game against the computer from there.
  await page.locator('a', { hasText: 'Set up a position' }).click();
  await page.waitForURL(/\/editor\?/);
  await page.locator('.editor-verdict[data-verdict="legal"]', { hasText: 'legal moves F.' }).waitFor();
  await page.locator('#editor-level').selectOption('1');
  await page.locator('button', { hasText: 'Play the computer' }).click();
  await page.locator('#guest-name').fill('Eda');
  await page.locator('dialog button[type=submit]').click();
  await page.waitForURL(/\/game\/[^/]+$/);
  await page.locator('.board .pit[data-pit="F"][aria-label="Pit F, 1 seed"]').waitFor();
  assert.equal(await page.locator('.board .pit[data-pit="b"]').getAttribute('aria-label'), 'Pit b, 5 seeds');
  await context.close();
});

/** The shipped puzzles of a family, as the trainer reads them. */
function puzzlesOf(family) {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), `../../web/puzzles/${family}.ndjson`);
  return fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
}

/** Clicks the solver's moves of a solution, waiting for each reply. */
async function playSolution(page, solution) {
  for (let i = 0; i < solution.length; i += 2) {
    await page.locator(`.board .pit.playable[data-pit="${solution[i]}"]`).click();
    if (i + 1 < solution.length) await page.locator('.puzzle-verdict', { hasText: `The opponent played ${solution[i + 1]}` }).waitFor();
  }
}

test('the position editor in Spanish: its reasons and its verdict, numbers the Spanish way', async () => {
  const { context, page } = await person({ locale: 'es-ES' });
  await page.goto(`${base}/editor`);
  await page.locator('html[lang="es"]').waitFor();
  await page.locator('h1', { hasText: 'Editor de posiciones' }).waitFor();
  const verdict = page.locator('.editor-verdict');
  await verdict.locator('text=jugadas legales').waitFor();
  assert.equal(await page.locator('label[for="captured-S"]').innerText(), 'Capturadas por Sur');
  // 12 × 99 = 1188 seeds: Spanish does not group a four-digit number (CLDR).
  await setUp(page, '99,99,99,99,99,99/99,99,99,99,99,99 S 0-0');
  // (The inputs are checked as they are filled: wait for the last one's verdict.)
  await page.locator('.editor-verdict[data-verdict="illegal"]', { hasText: '1188' }).waitFor();
  assert.equal(await verdict.innerText(), 'No es una posición: demasiadas semillas: 1188, y una posición tiene como mucho 192 en total.');
  // South's only seeds are the one in F: 1 + 2 + 5 + 4 on the board, 20 + 15 captured.
  await setUp(page, '0,0,0,0,0,1/2,5,0,0,0,4 S 20-15');
  await page.locator('.editor-verdict[data-verdict="legal"]', { hasText: '47' }).waitFor();
  assert.equal(await verdict.innerText(), 'Una posición legal: mueve Sur, 47 semillas en total; jugadas legales F.');
  // Rules the page cannot read are refused in the words of rules.ftl,
  // the server's and `wari play`'s: the option, its value, what it takes.
  await page.goto(`${base}/analysis?rules=abapa,pits=9`);
  await page.locator('text=No se puede analizar esta posición: valor "9" incorrecto para la opción de reglas pits: se esperaba de 1 a 6.').waitFor();
  await page.goto(`${base}/analysis?rules=kalah&position=${encodeURIComponent('4,4,4/4,4,4 X 0-0')}`);
  await page.locator('text=No se puede analizar esta posición: la posición tiene 3 hoyos por fila pero las reglas tienen 6 (añade pits=3 a las reglas).').waitFor();
  await context.close();
});

test('a puzzle solved and one failed, each rated by Glicko-2', async () => {
  const { context, page } = await person();
  const kalah = puzzlesOf('kalah');
  const first = kalah.find((p) => p.solution.length === 3) ?? kalah[0];
  await page.goto(`${base}/puzzles?id=${first.id}`);
  await page.locator('h1', { hasText: `Puzzle ${first.id}` }).waitFor();
  await playSolution(page, first.solution.split(''));
  await page.locator('.puzzle-verdict[data-verdict="solved"]').waitFor();
  // A new player (1500, 350, 0.06) beats the puzzle (its rating, RD 80).
  const [r1, rd1, v1] = period(1500, 350, 0.06, [[first.rating, 80, 1]]);
  await page.locator('.puzzle-rating', { hasText: `kalah: ${Math.round(r1)}?` }).waitFor();
  const stored1 = await page.evaluate(() => JSON.parse(localStorage.getItem('wari.puzzle-rating.kalah') ?? 'null'));
  assert.ok(Math.abs(stored1.rating - r1) < 0.01 && Math.abs(stored1.deviation - rd1) < 0.01, `${JSON.stringify(stored1)} against ${r1}, ${rd1}`);

  // Another puzzle, failed with a legal move that is not its answer.
  const second = kalah.find((p) => p.id !== first.id);
  await page.goto(`${base}/puzzles?id=${second.id}`);
  await page.locator('h1', { hasText: `Puzzle ${second.id}` }).waitFor();
  const answer = second.solution[0];
  const wrong = page.locator(`.board .pit.playable:not([data-pit="${answer}"])`).first();
  await wrong.click();
  await page.locator('.puzzle-verdict[data-verdict="failed"]', { hasText: `Not the best move: ${answer} was.` }).waitFor();
  const [r2, rd2] = period(stored1.rating, stored1.deviation, stored1.volatility, [[second.rating, 80, 0]]);
  await page.locator('.puzzle-rating', { hasText: `kalah: ${Math.round(r2)}` }).waitFor();
  const stored2 = await page.evaluate(() => JSON.parse(localStorage.getItem('wari.puzzle-rating.kalah') ?? 'null'));
  assert.ok(Math.abs(stored2.rating - r2) < 0.01 && Math.abs(stored2.deviation - rd2) < 0.01, `${JSON.stringify(stored2)} against ${r2}, ${rd2}`);
  assert.ok(v1 > 0);
  await context.close();
});

/** Signs up `name` in `page` (the sign-up form). */
async function signUp(page, name, password) {
  await page.goto(`${base}/signup`);
  await page.locator('#account-name').fill(name);
  await page.locator('#account-password').fill(password);
  await page.locator('#account-confirm').fill(password);
  await page.locator('#account-confirm').press('Enter');
  await page.locator('#me .me-name', { hasText: name }).waitFor();
}

test('a signed-in puzzle rating is kept by the server: after a reload, on another device, on the profile', async () => {
  const { context, page } = await person();
  const name = `Esi${Date.now() % 100000}`;
  const password = 'correct horse battery';
  await signUp(page, name, password);
  const wari = puzzlesOf('wari');
  const first = wari.find((p) => p.solution.length === 3) ?? wari[0];
  await page.goto(`${base}/puzzles?id=${first.id}`);
  await page.locator('h1', { hasText: `Puzzle ${first.id}` }).waitFor();
  await page.locator('.puzzle-rating-kept', { hasText: 'Kept with your account' }).waitFor();
  await playSolution(page, first.solution.split(''));
  await page.locator('.puzzle-verdict[data-verdict="solved"]').waitFor();
  // A new player (1500, 350, 0.06) beats the puzzle (its rating, RD 80).
  const [r1] = period(1500, 350, 0.06, [[first.rating, 80, 1]]);
  const shown = `wari: ${Math.round(r1)}?`;
  await page.locator('.puzzle-rating', { hasText: `${shown} (+${Math.round(r1) - 1500})` }).waitFor();
  // Not the browser's to keep.
  assert.equal(await page.evaluate(() => localStorage.getItem('wari.puzzle-rating.wari')), null);

  // Reloaded: the server's rating; the same puzzle again is answered, not rated.
  await page.reload();
  await page.locator('.puzzle-rating', { hasText: shown }).waitFor();
  await playSolution(page, first.solution.split(''));
  await page.locator('.puzzle-verdict[data-verdict="solved"]').waitFor();
  await page.locator('.puzzle-rating', { hasText: `${shown} (tried before: not rated again)` }).waitFor();

  // Another device signed in to the account sees it, and the profile shows it.
  const other = await person();
  await other.page.goto(`${base}/signin`);
  await other.page.locator('#account-name').fill(name);
  await other.page.locator('#account-password').fill(password);
  await other.page.locator('#account-password').press('Enter');
  await other.page.locator('#me .me-name', { hasText: name }).waitFor();
  await other.page.goto(`${base}/puzzles?rules=wari`);
  await other.page.locator('.puzzle-rating', { hasText: shown }).waitFor();
  // The next puzzle offered is not the one tried.
  await other.page.locator('h1', { hasText: 'Puzzle wari-' }).waitFor();
  assert.notEqual(await other.page.locator('h1').innerText(), `Puzzle ${first.id}`);
  await other.page.goto(`${base}/player/${name}`);
  const puzzleRatings = other.page.locator('section[aria-labelledby="puzzle-ratings-title"]');
  await puzzleRatings.locator('h2', { hasText: 'Puzzle ratings' }).waitFor();
  await puzzleRatings.locator('li[data-family="wari"] .rating', { hasText: `${Math.round(r1)}?` }).waitFor();
  assert.match(await puzzleRatings.locator('li[data-family="wari"]').innerText(), /1 puzzle rated/);
  await other.context.close();
  await context.close();
});

test('the analysis board fits a phone', async () => {
  const viewport = { width: 390, height: 844 };
  const { context, page } = await person({ viewport, hasTouch: true, isMobile: true });
  await page.goto(`${base}/analysis`);
  await page.locator('.engine-lines li').first().waitFor();
  await assertFits(page, viewport.width, 'the analysis board');
  await context.close();
});

test('a review marks a deliberate blunder, and opens the analysis board with the better move', async () => {
  const { context, page } = await person();
  await page.goto(`${base}/archive`);
  // abapa, 1,1,0,0,0,3/1,2,1,0,0,1 S 14-24, then B f. Worked by hand from
  // RULES.md §2: F sows a, b, c (2, 3, 2) and takes all three, 7 seeds (f
  // keeps one: no grand slam); North's only move f then takes A's 2: 26
  // of 48, 21-26, -5 for South. B leaves A with its seed, North's f makes
  // it 2 and takes it: 14-26, -12. B lost 7 seeds or more: a blunder.
  const record = '[FEN "1-1-0-0-0-3-1-2-1-0-0-1-14-24-S"]\n\n1. B f *\n';
  const id = await page.evaluate(async (text) => {
    const r = await fetch('/api/archive', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: text });
    return (await r.json()).game_id;
  }, record);
  assert.ok(id, 'the record was imported');
  // What the page asks of the review: it follows the stream, and reads
  // the progress only once, on arrival (no polling while the stream works).
  const asked = [];
  page.on('response', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith(`/api/games/${id}/review`)) asked.push(`${r.request().method()} ${pathname.slice(`/api/games/${id}`.length)} ${r.status()}`);
  });
  await page.goto(`${base}/replay/${id}`);
  await page.locator('.review-ask').click();
  const blunder = page.locator('.review-marks li[data-mark="blunder"]');
  await blunder.waitFor({ timeout: 120_000 });
  // Under way when asked for (202): followed on its stream, never read again.
  if (asked.includes('POST /review 202')) {
    assert.deepEqual(asked, ['GET /review 200', 'POST /review 202', 'GET /review/stream 200'], asked.join(', '));
  }
  assert.match(await blunder.innerText(), /^1\. B\?\? blunder by South: \d+\.\d seeds lost; best [AF]/);
  assert.equal(await page.locator('.replay-moves li[data-mark="blunder"]').count(), 1);
  assert.match(await page.locator('.review-accuracy li[data-side="S"]').innerText(), /1 blunder/);
  assert.equal(await page.locator('.review-graph .review-point').count(), 3);
  await page.screenshot({ path: path.join(artifacts, 'review.png'), fullPage: true });
  // The better move: the analysis board before move 1, the best line next.
  await blunder.locator('a', { hasText: 'Show the better move' }).click();
  await page.waitForURL(/\/analysis\?/);
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('ply'), '0');
  assert.match(url.searchParams.get('moves') ?? '', /^[AF]/);
  await page.locator('.board .pit').first().waitFor();
  await context.close();
});

test('a lesson solved after a wrong move and a refused one', async () => {
  const { context, page } = await person();
  await page.goto(`${base}/`);
  await page.locator('a[href="/learn/abapa#cycle"]').click();
  await page.waitForURL(/\/learn\/abapa/);
  // The capture lesson (worked by hand in web/learn/lessons.json): D takes
  // only a's 2 seeds, F a chain of 12.
  const capture = page.locator('.lesson-task[data-lesson="capture"]');
  await capture.locator('.board .pit[data-pit="D"]').click();
  await capture.locator('.lesson-verdict[data-verdict="wrong"]').waitFor();
  await capture.locator('button', { hasText: 'Try again' }).click();
  await capture.locator('.board .pit[data-pit="F"]').click();
  await capture.locator('.lesson-verdict[data-verdict="solved"]', { hasText: 'chain of 12 seeds' }).waitFor();
  // Feeding: A does not reach North's empty row, so the rules refuse it.
  const feeding = page.locator('.lesson-task[data-lesson="feeding"]');
  // (An unplayable pit is aria-disabled, which Playwright will not click
  // unless forced; a person's click reaches the board.)
  await feeding.locator('.board .pit[data-pit="A"]').click({ force: true });
  await feeding.locator('.lesson-verdict[data-verdict="refused"]', { hasText: 'must be fed' }).waitFor();
  await feeding.locator('.board .pit[data-pit="F"]').click();
  await feeding.locator('.lesson-verdict[data-verdict="solved"]').waitFor();
  await page.screenshot({ path: path.join(artifacts, 'learn.png'), fullPage: true });
  await context.close();
});

test('a lesson solved with the page in Spanish, in the rule texts\' words', async () => {
  // The browser asks for Spanish (Accept-Language and navigator.languages).
  const { context, page } = await person({ locale: 'es-ES' });
  await page.goto(`${base}/learn/abapa#capture`);
  await page.locator('html[lang="es"]').waitFor();
  await page.locator('h1', { hasText: 'Aprende abapa' }).waitFor();
  const lesson = page.locator('section.lesson#capture');
  assert.equal(await lesson.locator('h2').innerText(), '2. Una captura y una cadena');
  const capture = page.locator('.lesson-task[data-lesson="capture"]');
  assert.equal(await capture.locator('h3').innerText(), 'Tu turno');
  assert.equal(await capture.locator('.lesson-prompt').innerText(), 'Mueve Sur: captura tantas semillas como puedas. (Juega Sur.)');
  // The same moves as in English: D takes only a's 2 seeds, F a chain of 12.
  await capture.locator('.board .pit[data-pit="D"]').click();
  await capture.locator('.lesson-verdict[data-verdict="wrong"]', { hasText: '✖ D no lo consigue. Vuelve a mirar la posición.' }).waitFor();
  await capture.locator('button', { hasText: 'Inténtalo de nuevo' }).click();
  await capture.locator('.board .pit[data-pit="F"]').click();
  const solved = capture.locator('.lesson-verdict[data-verdict="solved"]');
  await solved.waitFor();
  assert.match(await solved.innerText(), /^✔ Correcto: Las 5 semillas de F terminan en e, .* una cadena de 12 semillas/);
  // Feeding: the refusal is said in Spanish too.
  const feeding = page.locator('.lesson-task[data-lesson="feeding"]');
  await feeding.locator('.board .pit[data-pit="A"]').click({ force: true });
  await feeding.locator('.lesson-verdict[data-verdict="refused"]', { hasText: 'A no llega a la fila vacía del rival: hay que alimentar al rival.' }).waitFor();
  // Nothing on the lessons is left in English.
  const words = await page.locator('.learn-page').innerText();
  assert.doesNotMatch(words, /\b(seeds?|pits?|South|North|move|capture[sd]?|Your turn|Play)\b/);
  assert.match(words, /gran slam/);
  assert.match(words, /la regla del ciclo/i);
  await page.screenshot({ path: path.join(artifacts, 'learn-es.png'), fullPage: true });
  await context.close();
});

test('no study page logged a console error', () => {
  for (const p of ['/analysis', '/editor', '/puzzles', '/learn/abapa']) assert.ok(pagesSeen.has(p), `page ${p} was not visited: ${[...pagesSeen]}`);
  assert.deepEqual(consoleErrors, []);
});
