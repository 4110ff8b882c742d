// @ts-check
// A game's live connection: the WebSocket with reconnection, and the HTTP
// API in its place while it is down.

import { api } from '../api.js';

const enc = encodeURIComponent;

/**
 * @typedef {object} Handlers
 * @property {(game: any) => void} onState each state the server sends
 * @property {(message: string) => void} [onError] a message the server refused
 * @property {(up: boolean) => void} [onLink] the connection came or went
 * @property {(message: any) => void} [onMessage] any other message (chat)
 */

/**
 * Connects to game `id`; reconnects with a growing pause. send() falls
 * back to the HTTP API while the socket is down.
 * @param {string} id
 * @param {Handlers} handlers
 */
export function connectGame(id, {
  onState, onError, onLink, onMessage,
}) {
  /** @type {WebSocket | null} */
  let socket = null;
  let closed = false;
  let retry = 0;
  /** @type {number | undefined} */
  let timer;

  function open() {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    socket = new WebSocket(`${scheme}//${location.host}/api/games/${enc(id)}/ws`);
    socket.addEventListener('open', () => {
      retry = 0;
      onLink?.(true);
    });
    socket.addEventListener('message', (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === 'state') onState(message.game);
      else if (message.type === 'error') onError?.(message.error);
      else onMessage?.(message);
    });
    socket.addEventListener('close', () => {
      onLink?.(false);
      if (closed) return;
      retry += 1;
      timer = window.setTimeout(open, Math.min(10_000, 300 * 2 ** retry));
    });
  }

  /** @param {any} message */
  async function viaHttp(message) {
    try {
      switch (message.type) {
        case 'move': await api.move(id, message.move, message.ply); break;
        case 'resign': await api.resign(id); break;
        case 'abort': await api.abort(id); break;
        case 'offer': await api.offer(id, message.kind); break;
        case 'accept': await api.accept(id, message.kind); break;
        case 'decline': await api.decline(id, message.kind); break;
        case 'claim': await api.claim(id); break;
        default: return;
      }
      onState(await api.game(id));
    } catch (err) {
      onError?.(err.message);
    }
  }

  open();
  return {
    /** @param {any} message */
    send(message) {
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
      else viaHttp(message);
    },
    close() {
      closed = true;
      clearTimeout(timer);
      socket?.close();
    },
  };
}
