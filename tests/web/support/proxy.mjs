// Test support: a free port, and a front that serves web/ from a directory
// and passes /api and /healthz (WebSockets too) to a server. It lets the
// browser tests run pages that a wari binary does not embed yet.

import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

/** A TCP port free on 127.0.0.1 right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Serves `dir` as wari serve would, with the API of `upstream` behind it. */
export async function startFrontProxy(dir, upstream) {
  const target = new URL(upstream);
  // The server refuses a foreign Origin (docs/API.md, Conventions): to it
  // the page comes from the server itself.
  const upstreamHeaders = (headers) => ({
    ...headers, host: target.host, ...(headers.origin ? { origin: target.origin } : {}),
  });
  const isApi = (p) => p === '/healthz' || p === '/api' || p.startsWith('/api/');
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url, 'http://front');
    if (isApi(pathname)) {
      const forward = http.request({
        host: target.hostname, port: target.port, method: req.method, path: req.url, headers: upstreamHeaders(req.headers),
      }, (answer) => {
        res.writeHead(answer.statusCode, answer.headers);
        answer.pipe(res);
      });
      forward.on('error', () => { res.writeHead(502); res.end(); });
      req.pipe(forward);
      return;
    }
    let file = path.join(dir, path.normalize(decodeURIComponent(pathname)));
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(dir, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
    res.end(fs.readFileSync(file));
  });
  server.on('upgrade', (req, socket, head) => {
    const upstreamSocket = net.connect(Number(target.port), target.hostname, () => {
      const headers = Object.entries(upstreamHeaders(req.headers)).map(([k, v]) => `${k}: ${v}`).join('\r\n');
      upstreamSocket.write(`${req.method} ${req.url} HTTP/1.1\r\n${headers}\r\n\r\n`);
      upstreamSocket.write(head);
      socket.pipe(upstreamSocket).pipe(socket);
    });
    const close = () => { socket.destroy(); upstreamSocket.destroy(); };
    upstreamSocket.on('error', close);
    socket.on('error', close);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}
