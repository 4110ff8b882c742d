// @ts-check
// An NDJSON answer of the server (docs/API.md: the streams) read line by
// line: each non-empty line parsed as JSON and handed over, the empty
// keep-alive lines skipped, until the server ends it.

/**
 * Reads `response`'s body to its end, calling `onLine` with each line's
 * JSON; rejects when the connection breaks (or the signal of the fetch
 * aborts).
 * @param {Response} response an answer that is `ok` and has a body
 * @param {(line: any) => void} onLine
 */
export async function readLines(response, onLine) {
  if (!response.body) throw new Error('no body');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end = buffer.indexOf('\n');
    while (end >= 0) {
      const text = buffer.slice(0, end).trim();
      buffer = buffer.slice(end + 1);
      if (text) onLine(JSON.parse(text));
      end = buffer.indexOf('\n');
    }
  }
}
