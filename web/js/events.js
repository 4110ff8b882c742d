// @ts-check
// The player's event stream (GET /api/stream/event, NDJSON): games that
// start, turns, ends and challenges, handed to whoever listens; it
// reconnects with a growing pause while the browser has a session, and
// while it is open the player's seeks stay alive.

import { readLines } from './ndjson.js';

/** @type {Set<(event: any) => void>} */
const listeners = new Set();
/** @type {AbortController | null} */
let running = null;
let retry = 0;
/** @type {number | undefined} */
let timer;

/**
 * Calls `listener(event)` for every event from now on; returns the way
 * to stop.
 * @param {(event: any) => void} listener
 */
export function onEvent(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function read(controller) {
  const response = await fetch('/api/stream/event', { credentials: 'same-origin', signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`${response.status}`);
  retry = 0;
  await readLines(response, (event) => {
    for (const listener of [...listeners]) listener(event);
  });
}

/** Opens the stream (again), for the session the browser has now. */
export function startEvents() {
  stopEvents();
  const controller = new AbortController();
  running = controller;
  read(controller).catch(() => {}).finally(() => {
    if (running !== controller) return;
    retry += 1;
    timer = window.setTimeout(startEvents, Math.min(30_000, 500 * 2 ** retry));
  });
}

/** Closes the stream (signed out). */
export function stopEvents() {
  clearTimeout(timer);
  const controller = running;
  running = null;
  controller?.abort();
}
