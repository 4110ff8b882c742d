// The site in the players' language (issue 20): a game played with the
// page in Spanish (the browser asks for it with Accept-Language), the
// pits' accessible names, a refusal, an error the server sends and the
// end-of-game banner in Spanish while the opponent sees English; the
// language switch, remembered across reloads and by the account.
// Run with `node --test i18n.mjs` (see run.mjs for the environment).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { FluentBundle, FluentResource } from '../../web/vendor/fluent-bundle/esm/index.js';
import {
  artifacts, assertFits, base, boardLabels, consoleErrors, harness, person, signIn,
} from './support/harness.mjs';

harness();

const here = path.dirname(fileURLToPath(import.meta.url));

/** The start of abapa: four seeds in each pit, as "Hoyo A, 4 semillas"/"Pit A, 4 seeds". */
const labels = (pit, seed, counts) => Object.entries(counts)
  .map(([letter, n]) => `${pit} ${letter}, ${n} ${n === 1 ? seed : `${seed}s`}`).sort();

/** The page's language once it has started: <html lang> set by i18n.js. */
const pageLanguage = async (page) => {
  await page.waitForFunction(() => document.querySelector('#language option'));
  return page.evaluate(() => document.documentElement.lang);
};

/** Chooses `name` in the header's language switch; the page loads again in it. */
async function switchTo(page, code) {
  await Promise.all([
    page.waitForEvent('load'),
    page.locator('#language').selectOption(code),
  ]);
  await page.waitForFunction((c) => document.documentElement.lang === c, code);
}

test('a game played in Spanish: pits, a refusal, a server error and the banner in Spanish; the opponent in English', async () => {
  const south = await person({ locale: 'es-ES' });
  const north = await person({ locale: 'en-GB' });
  await south.page.goto(`${base}/`);
  assert.equal(await pageLanguage(south.page), 'es');
  await south.page.locator('header nav a[href="/"]', { hasText: 'Jugar' }).waitFor();
  assert.equal(await south.page.locator('#language').inputValue(), 'es');
  await north.page.goto(`${base}/`);
  assert.equal(await pageLanguage(north.page), 'en');
  await signIn(south.page, 'Sara');
  await signIn(north.page, 'Nils');

  // Numbers and plurals as CLDR writes them for Spanish (issue 20's figures).
  const written = await south.page.evaluate(async () => {
    const { formatNumber, t } = await import('/js/i18n.js');
    return [formatNumber(13037895), formatNumber(1000), t('seeds-count', { count: 1 }), t('seeds-count', { count: 13 })];
  });
  assert.deepEqual(written, ['13.037.895', '1000', '1 semilla', '13 semillas']);

  // An error the server sends, shown in Spanish: a challenge to a player
  // who does not exist. The same request from the English page gets the
  // English message with the same machine code.
  const errorsBefore = consoleErrors.length;
  await south.page.locator('#opponent-challenge').check();
  await south.page.locator('#challenged').fill('Nadie_Existe');
  await south.page.locator('#create-table').click();
  const alert = south.page.locator('.new-table .form-error');
  await alert.filter({ hasText: 'No se creó la mesa:' }).waitFor();
  const ask = (page) => page.evaluate(async () => {
    const r = await fetch('/api/tables', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rules: 'abapa', starts: 'S', opponent: { kind: 'human', player: 'Nadie_Existe' }, clock: null }),
    });
    return { status: r.status, ...(await r.json()) };
  });
  const [es, en] = [await ask(south.page), await ask(north.page)];
  assert.ok(es.status >= 400 && es.status < 500, `a 4xx: ${JSON.stringify(es)}`);
  assert.equal(es.code, en.code);
  assert.notEqual(es.error, en.error, 'the server translates its error');
  const shown = await alert.innerText();
  assert.ok(shown.toLowerCase().includes(es.error.toLowerCase()), `"${shown}" shows "${es.error}"`);
  // The server's Spanish text is its catalogue's message for that code.
  const catalogue = new FluentBundle('es', { useIsolating: false });
  catalogue.addResource(new FluentResource(fs.readFileSync(path.join(here, '../../web/locales/es/server.ftl'), 'utf8')));
  const message = catalogue.getMessage(`err-${es.code}`);
  assert.ok(message?.value, `web/locales/es/server.ftl has err-${es.code}`);
  assert.equal(es.error, catalogue.formatPattern(message.value, { name: 'Nadie_Existe', player: 'Nadie_Existe' }));

  // The three refusals (the form's and the two asked here) are the
  // browser's only console lines about them.
  const refused = consoleErrors.splice(errorsBefore);
  assert.equal(refused.length, 3, JSON.stringify(refused));
  for (const line of refused) assert.match(line, /status of 404/);

  // Sara opens a public table without a clock, playing South; Nils joins.
  await south.page.locator('#opponent-human').check();
  await south.page.locator('#visibility-public').check();
  await south.page.locator('#starts-S').check();
  await south.page.locator('#create-table').click();
  await south.page.waitForURL(/\/game\/[^/]+$/);
  await south.page.locator('.status', { hasText: 'Esperando a que se una un rival' }).waitFor();
  const gameId = south.page.url().split('/').pop();
  await north.page.goto(`${base}/`);
  await north.page.locator('.open-tables li', { hasText: 'Sara' }).locator('button', { hasText: 'Join' }).click();
  await north.page.waitForURL(new RegExp(`/game/${gameId}$`));
  await south.page.locator('.status', { hasText: 'Te toca: elige un hoyo.' }).waitFor();

  const start = Object.fromEntries([...'ABCDEFabcdef'].map((l) => [l, 4]));
  assert.deepEqual(await boardLabels(south.page), labels('Hoyo', 'semilla', start));
  assert.deepEqual(await boardLabels(north.page), labels('Pit', 'seed', start));

  // A pit of North's refused, in Spanish.
  await south.page.locator('.board .pit[data-pit="d"]').click({ force: true });
  await south.page.locator('.notice', { hasText: 'El hoyo d es de Norte: tú juegas los hoyos de Sur.' }).waitFor();

  // A: its four seeds sown into B, C, D and E (RULES.md: counter-clockwise).
  await south.page.locator('.board .pit[data-pit="A"]').click();
  for (const page of [south.page, north.page]) {
    await page.waitForFunction(() => document.querySelectorAll('.move-list li').length === 1);
  }
  const afterA = {
    ...start, A: 0, B: 5, C: 5, D: 5, E: 5,
  };
  await south.page.waitForFunction(() => document.querySelector('.pit[data-pit="C"]')?.getAttribute('aria-label') === 'Hoyo C, 5 semillas');
  assert.deepEqual(await boardLabels(south.page), labels('Hoyo', 'semilla', afterA));
  await north.page.waitForFunction(() => document.querySelector('.pit[data-pit="C"]')?.getAttribute('aria-label') === 'Pit C, 5 seeds');
  assert.deepEqual(await boardLabels(north.page), labels('Pit', 'seed', afterA));
  assert.equal(await south.page.locator('.move-list li').first().getAttribute('aria-label'), 'Jugada 1: Sur A');
  await north.page.locator('.status', { hasText: 'Your turn: choose a pit.' }).waitFor();

  // North replies (once both have moved the game is resigned, not aborted).
  await north.page.locator('.board .pit[data-pit="f"]').click();
  for (const page of [south.page, north.page]) {
    await page.waitForFunction(() => document.querySelectorAll('.move-list li').length === 2);
  }

  // Sara resigns (a second click confirms): the banners, each in its language.
  await south.page.getByRole('button', { name: 'Abandonar', exact: true }).click();
  await south.page.getByRole('button', { name: '¿Abandonar de verdad?' }).click();
  const banner = south.page.locator('.banner:not([hidden])');
  await banner.waitFor();
  const text = await banner.innerText();
  assert.match(text, /Has perdido/);
  assert.match(text, /Sara abandonó\./);
  assert.match(text, /Volver a la sala/);
  const theirs = await north.page.locator('.banner:not([hidden])').innerText();
  assert.match(theirs, /You win/);
  assert.match(theirs, /Sara resigned\./);

  // The switch: back to English, remembered across a reload; then Spanish again.
  await switchTo(south.page, 'en');
  await south.page.locator('header nav a[href="/"]', { hasText: 'Play' }).waitFor();
  await south.page.locator('.banner:not([hidden])', { hasText: 'You lose' }).waitFor();
  await south.page.reload();
  assert.equal(await pageLanguage(south.page), 'en');
  assert.equal(await south.page.locator('#language').inputValue(), 'en');
  await switchTo(south.page, 'es');
  await south.page.locator('.banner:not([hidden])', { hasText: 'Has perdido' }).waitFor();

  await south.context.close();
  await north.context.close();
});

test("an account keeps its language: chosen on one browser, it is the page's on another after signing in", async () => {
  const first = await person({ locale: 'en-US' });
  await first.page.goto(`${base}/`);
  assert.equal(await pageLanguage(first.page), 'en');
  const made = await first.page.evaluate(async () => {
    const r = await fetch('/api/account', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Lucia', password: 'semillas-1234' }),
    });
    if (r.ok) localStorage.setItem('wari.session', '1');
    return r.status;
  });
  assert.equal(made, 200);
  await first.page.reload();
  await first.page.locator('#me', { hasText: 'Lucia' }).waitFor();
  await switchTo(first.page, 'es');
  await first.context.close();

  // Another browser, asking for English, signs in as Lucia.
  const second = await person({ locale: 'en-US' });
  await second.page.goto(`${base}/signin`);
  assert.equal(await pageLanguage(second.page), 'en');
  await second.page.locator('#account-name').fill('Lucia');
  await second.page.locator('#account-password').fill('semillas-1234');
  await Promise.all([
    second.page.waitForEvent('load'),
    second.page.locator('form.account-form button[type=submit]').click(),
  ]);
  assert.equal(await pageLanguage(second.page), 'es');
  await second.page.locator('#me a[href="/account"]', { hasText: 'Ajustes' }).waitFor();
  await second.context.close();
});

test('the longer Spanish words fit a phone: the lobby and a game without sideways scrolling', async () => {
  const viewport = { width: 390, height: 844 };
  const { context, page } = await person({
    locale: 'es-ES', viewport, hasTouch: true, isMobile: true,
  });
  await signIn(page, 'Pepa');
  assert.equal(await pageLanguage(page), 'es');
  await assertFits(page, viewport.width, 'the lobby in Spanish');
  await page.locator('#opponent-computer').check();
  await page.locator('#level').selectOption('1');
  await page.locator('#create-table').click();
  await page.waitForURL(/\/game\/[^/]+$/);
  const pit = page.locator('.board .pit.playable').first();
  await pit.waitFor();
  await pit.tap();
  await page.waitForFunction(() => document.querySelectorAll('.move-list li').length >= 1);
  await assertFits(page, viewport.width, 'the game page in Spanish');
  await page.screenshot({ path: path.join(artifacts, 'board-phone-es.png'), fullPage: true });
  await context.close();
});

test('no page logged a console error', () => {
  assert.deepEqual(consoleErrors, []);
});
