// @ts-check
// The analysis board's engine: GET /api/analysis/lines read as NDJSON
// (docs/API.md): the tables' value of each move, then the three best
// lines at each depth. Aborting the signal closes the stream, and the
// server stops the search.

import { ApiError } from '../api.js';
import { readLines } from '../ndjson.js';

/** Pauses before asking again while the server still runs the search just left. */
const BUSY_PAUSES_MS = [150, 300, 600, 1200, 2400];
/** The API's code for "one analysis at a time" (its server.ftl key without err-, docs/API.md). */
const BUSY_CODE = 'one-analysis-at-a-time';

/**
 * @param {{rules: string, position: string, moves: string, movetime?: number}} query
 * @param {(line: any) => void} onLine called with each line of the stream
 * @param {AbortSignal} signal
 */
export async function streamLines(query, onLine, signal) {
  const params = new URLSearchParams({
    rules: query.rules, position: query.position, moves: query.moves, movetime: String(query.movetime ?? 10_000),
  });
  for (let attempt = 0; ; attempt += 1) {
    const response = await fetch(`/api/analysis/lines?${params}`, { credentials: 'same-origin', signal });
    if (!response.ok || !response.body) {
      let message = `${response.status} ${response.statusText}`;
      let code = '';
      try {
        const data = await response.json();
        if (data?.error) message = data.error;
        code = data?.code ?? '';
      } catch {
        // Not JSON: keep the status line.
      }
      // The search this page just left may not have noticed yet that
      // nobody reads it: one at a time per client, so wait for it (the
      // error's code says so; the message is in the reader's language).
      const busy = code === BUSY_CODE || message.startsWith('one analysis at a time');
      if (response.status === 429 && busy && attempt < BUSY_PAUSES_MS.length) {
        await new Promise((resolve) => { setTimeout(resolve, BUSY_PAUSES_MS[attempt]); });
        if (signal.aborted) return;
        continue;
      }
      throw new ApiError(response.status, message);
    }
    await readLines(response, onLine);
    return;
  }
}
