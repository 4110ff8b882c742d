// The browser tests' harness: the real server (`wari serve`, from
// WARI_BIN, on a free port with a fresh SQLite file) and Debian's chromium
// driven by playwright-core, started once for a test file; people (browser
// contexts) whose console errors are recorded.
//
// Environment:
//   WARI_BIN       the wari binary (default ../../target/release/wari)
//   CHROMIUM       the browser (default /usr/bin/chromium)
//   WARI_URL       test a server already running there instead
//   WARI_WEB_DIR   serve the front end from this directory, in front of the
//                  server's API (to test pages the binary does not embed)
//   ARTIFACTS      where screenshots go (default ./artifacts)

import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

import { startFrontProxy, freePort } from './proxy.mjs';

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(here, '../..');
const wariBin = path.resolve(root, process.env.WARI_BIN ?? 'target/release/wari');
export const artifacts = path.resolve(here, process.env.ARTIFACTS ?? 'artifacts');
export const STEP_MS = 30_000;

/** The server's address (set once it answers). */
export let base = '';
let server = null;
let proxy = null;
let browser = null;
let tmp = null;
const serverLog = [];
/** Every console error and uncaught exception, with the page it came from and the resource it names (a failed load: the answers of 400 and above the page had). */
export const consoleErrors = [];
/** Paths of the pages the tests opened, to say which were watched. */
export const pagesSeen = new Set();

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

/** Starts the server and the browser for this test file (node:test hooks). */
export function harness() {
  before(async () => {
    fs.mkdirSync(artifacts, { recursive: true });
    if (process.env.WARI_URL) {
      base = process.env.WARI_URL.replace(/\/$/, '');
    } else {
      assert.ok(fs.existsSync(wariBin), `no wari binary at ${wariBin}: build it (cargo build --release -p wari) or set WARI_BIN`);
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'wari-web-'));
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      // The endgame tables the server builds on first use go to the
      // test's own directory, not the user's.
      fs.mkdirSync(path.join(tmp, 'egdb'));
      server = spawn(wariBin, ['serve', '--bind', `127.0.0.1:${port}`, '--database', `sqlite://${tmp}/wari.db?mode=rwc`, '--sign-ups-per-hour', '1000', '--egdb', path.join(tmp, 'egdb')], {
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
}

/** A browser context (one person: its own cookies) with a page that records console errors. */
export async function person(options = {}) {
  // Each person gets a fresh profile: newContext is playwright's fresh user data.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true, ...options });
  context.setDefaultTimeout(STEP_MS);
  const page = await context.newPage();
  // The answers of 400 and above this page had, newest last: a "Failed to
  // load resource" console error names no resource, its answer does.
  const failed = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const source = message.location()?.url;
    const answers = message.text().startsWith('Failed to load resource') && failed.length
      ? ` [answers >= 400 so far: ${failed.join(', ')}]` : '';
    consoleErrors.push(`${page.url()}: ${message.text()}${source ? ` (${source})` : ''}${answers}`);
  });
  page.on('pageerror', (error) => consoleErrors.push(`${page.url()}: uncaught ${error.message}`));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) pagesSeen.add(new URL(frame.url()).pathname.replace(/^\/(game|replay|invite)\/.+$/, '/$1/ID'));
  });
  return { context, page };
}

/**
 * Opens the lobby as the guest `name` (the session made as the name
 * dialog makes it: looking asks no name, sitting down does).
 */
export async function signIn(page, name) {
  await page.goto(`${base}/`);
  await page.evaluate(async (n) => {
    const r = await fetch('/api/session', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: n }) });
    if (!r.ok) throw new Error(await r.text());
    localStorage.setItem('wari.session', '1');
  }, name);
  await page.reload();
  await page.locator('#me', { hasText: name }).waitFor();
}

/** The counts on the board, by pit letter, as the accessible names say. */
export async function boardLabels(page) {
  return page.$$eval('.board .pit', (pits) => pits.map((p) => p.getAttribute('aria-label')).sort());
}

/** Plays one legal move by clicking an enabled pit (a random one). */
export async function clickLegalPit(page) {
  const pits = page.locator('.board .pit.playable[aria-disabled="false"]');
  const n = await pits.count();
  if (n === 0) return null;
  const pit = pits.nth(Math.floor(Math.random() * n));
  const letter = await pit.getAttribute('data-pit');
  await pit.click();
  return letter;
}


/**
 * What scrolls sideways on the page: the document's width against the
 * viewport the page was given (not the page's own, which a phone widens
 * to fit what overflows), and every element that scrolls sideways itself.
 */
export async function sideways(page, width) {
  return page.evaluate((w) => {
    const scrollers = [...document.querySelectorAll('body *')].filter((el) => {
      const s = getComputedStyle(el);
      return (s.overflowX === 'auto' || s.overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1;
    }).map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    const wide = [...document.querySelectorAll('body *')].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.right > w + 1 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('.visually-hidden, .skip');
    }).slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`);
    return {
      documentWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, viewport: w, scrollers, wide,
    };
  }, width);
}

/** Asserts nothing on the page scrolls sideways at `width`. */
export async function assertFits(page, width, what) {
  const m = await sideways(page, width);
  assert.ok(m.documentWidth <= width && m.innerWidth <= width && m.scrollers.length === 0 && m.wide.length === 0,
    `${what} scrolls sideways at ${width}px: ${JSON.stringify(m)}`);
}
