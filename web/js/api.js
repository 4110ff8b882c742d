// @ts-check
// The server's HTTP API (docs/API.md); a game's WebSocket is in
// game/socket.js.

import { t } from './i18n.js';

/**
 * An error the server answered with: its status, its one line (in the
 * page's language: the server translates it) and its machine code
 * (docs/API.md: "not-your-turn", ...), when it gave one.
 */
export class ApiError extends Error {
  constructor(status, message, code = null) {
    super(message);
    this.status = status;
    /** @type {string | null} */
    this.code = code;
  }
}

/**
 * @param {string} method
 * @param {string} path
 * @param {any} [body] JSON, or a string sent as text
 * @param {{signal?: AbortSignal, text?: boolean}} [options]
 */
async function request(method, path, body, { signal, text = false } = {}) {
  /** @type {RequestInit & {headers: Record<string, string>}} */
  const init = {
    method, headers: {}, credentials: 'same-origin', signal,
  };
  if (body !== undefined) {
    if (typeof body === 'string') {
      init.headers['content-type'] = 'text/plain; charset=utf-8';
      init.body = body;
    } else {
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    if (err.name === 'AbortError') throw err;
    throw new ApiError(0, t('error-unreachable'));
  }
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    let code = null;
    try {
      const data = await response.json();
      if (data && data.error) message = data.error;
      if (data && data.code) code = data.code;
    } catch {
      // Not JSON: keep the status line.
    }
    throw new ApiError(response.status, message, code);
  }
  if (text) return response.text();
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') ? response.json() : response.text();
}

const enc = encodeURIComponent;

export const api = {
  /** The session, or null when there is none yet (401). */
  async session() {
    try {
      return await request('GET', '/api/session');
    } catch (err) {
      if (err.status === 401) return null;
      throw err;
    }
  },
  login: (name) => request('POST', '/api/session', { name }),
  tables: () => request('GET', '/api/tables'),
  createTable: (spec) => request('POST', '/api/tables', spec),
  joinTable: (id) => request('POST', `/api/tables/${enc(id)}/join`, {}),
  joinInvite: (token) => request('POST', `/api/invite/${enc(token)}/join`, {}),
  game: (id) => request('GET', `/api/games/${enc(id)}`),
  move: (id, move, ply) => request('POST', `/api/games/${enc(id)}/moves`, { move, ply }),
  resign: (id) => request('POST', `/api/games/${enc(id)}/resign`, {}),
  abort: (id) => request('POST', `/api/games/${enc(id)}/abort`, {}),
  offer: (id, kind) => request('POST', `/api/games/${enc(id)}/offers`, { kind }),
  accept: (id, kind) => request('POST', `/api/games/${enc(id)}/offers/accept`, { kind }),
  decline: (id, kind) => request('POST', `/api/games/${enc(id)}/offers/decline`, { kind }),
  claim: (id) => request('POST', `/api/games/${enc(id)}/claim`, {}),
  review: (id) => request('GET', `/api/games/${enc(id)}/review`),
  requestReview: (id) => request('POST', `/api/games/${enc(id)}/review`, {}),
  ognUrl: (id) => `/api/games/${enc(id)}/ogn`,
  ogn: (id) => request('GET', `/api/games/${enc(id)}/ogn`, undefined, { text: true }),
  /** @param {{before?: string, limit?: number, player?: string}} [options] */
  archive({ before, limit = 50, player } = {}) {
    const query = new URLSearchParams({ status: 'finished', limit: String(limit) });
    if (before) query.set('before', before);
    if (player) query.set('player', player);
    return request('GET', `/api/games?${query}`);
  },
  cancelTable: (id) => request('POST', `/api/tables/${enc(id)}/cancel`, {}),
  // Challenges (docs/API.md "Challenges").
  challenge: (name, spec) => request('POST', `/api/challenge/${enc(name)}`, spec),
  declineChallenge: (id, reason) => request('POST', `/api/challenge/${enc(id)}/decline`, { reason }),
  // Accounts.
  signUp: (name, password) => request('POST', '/api/account', { name, password }),
  signIn: (name, password) => request('POST', '/api/account/sign-in', { name, password }),
  signOut: () => request('POST', '/api/account/sign-out', {}),
  changePassword: (current, next) => request('POST', '/api/account/password', { current, new: next }),
  deleteAccount: (password) => request('POST', '/api/account/delete', { password }),
  myGames: () => request('GET', '/api/account/games'),
  // Players.
  player: (name) => request('GET', `/api/players/${enc(name)}`),
  history: (name, pool) => request('GET', `/api/players/${enc(name)}/history?${new URLSearchParams({ pool })}`),
  /**
   * @param {string} name
   * @param {Record<string, string>} filters rules, result, opponent, rated, before, limit
   */
  playerGames(name, filters) {
    const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v));
    return request('GET', `/api/players/${enc(name)}/games?${query}`);
  },
  leaderboard: (pool) => request('GET', `/api/leaderboard/${enc(pool)}`),
  // Quick pairing.
  pools: () => request('GET', '/api/pools'),
  seek: (pool) => request('POST', `/api/pools/${enc(pool)}/seek`, {}),
  seekStatus: (id) => request('GET', `/api/seeks/${enc(id)}`),
  cancelSeek: (id) => request('POST', `/api/seeks/${enc(id)}/cancel`, {}),
  // Tournaments.
  tournaments: () => request('GET', '/api/tournaments'),
  createTournament: (spec) => request('POST', '/api/tournaments', spec),
  tournament: (id) => request('GET', `/api/tournaments/${enc(id)}`),
  joinTournament: (id) => request('POST', `/api/tournaments/${enc(id)}/join`, {}),
  withdrawTournament: (id) => request('POST', `/api/tournaments/${enc(id)}/withdraw`, {}),
  startTournament: (id) => request('POST', `/api/tournaments/${enc(id)}/start`, {}),
  finishTournament: (id) => request('POST', `/api/tournaments/${enc(id)}/finish`, {}),
  berserk: (id) => request('POST', `/api/games/${enc(id)}/berserk`, {}),
  // Chat.
  chat: (id) => request('GET', `/api/games/${enc(id)}/chat`),
  say: (id, room, text) => request('POST', `/api/games/${enc(id)}/chat`, { room, text }),
  mute: (id, muted) => request('POST', `/api/games/${enc(id)}/chat/mute`, { muted }),
  upload: (ogn) => request('POST', '/api/archive', ogn),
  /** A puzzle attempt judged and rated: {moves, player?} (player: a guest's rating, the browser's). */
  attemptPuzzle: (id, attempt) => request('POST', `/api/puzzles/${enc(id)}/attempt`, attempt),
  /** The signed-in player's puzzle ratings and the puzzles tried, per family. */
  puzzleRatings: () => request('GET', '/api/puzzles/rating'),
  analyze({ rules, position, movetime = 500 }, signal) {
    const query = new URLSearchParams({ rules, position, movetime: String(movetime) });
    return request('GET', `/api/analyze?${query}`, undefined, { signal });
  },
};
