// The game page: the board between the two players (names, clocks,
// captured seeds, whose turn), the actions of a game in progress (resign,
// offers, claim), the result, the moves, and the live connection.

import { api, connectGame } from './api.js';
import {
  animationSpeed, createBoard, setAnimationSpeed, SPEEDS,
} from './board.js';
import {
  clockText, fill, h, seedsText, timeControlText,
} from './dom.js';
import { navigate } from './router.js';
import {
  Game, illegalReason, isKalah, opposite, parsePosition, pitIndex, pitLetter, play, positionString,
} from './rules.js';
import { ensureSession } from './session.js';
import { beep } from './sound.js';
import {
  offerText, reasonText, rulesText, sideName,
} from './words.js';

/** "Alice (South)", or "the computer, level 3 (North)". */
export function playerText(game, side) {
  const p = game.players?.[side];
  if (!p) return `${sideName(side)} (no one yet)`;
  return `${p.name ?? sideName(side)} (${sideName(side)})`;
}

/** The result in words: { headline, detail, mark } for a finished game. */
export function resultText(game) {
  const { result, reason, score } = game;
  const mine = game.you;
  const name = (side) => game.players?.[side]?.name ?? sideName(side);
  let headline;
  let mark;
  if (result === 'draw') {
    headline = 'Draw';
    mark = '=';
  } else if (mine && result === mine) {
    headline = 'You win';
    mark = '★';
  } else if (mine && result === opposite(mine)) {
    headline = 'You lose';
    mark = '✖';
  } else {
    headline = `${name(result)} (${sideName(result)}) wins`;
    mark = '★';
  }
  const loser = result === 'S' || result === 'N' ? name(opposite(result)) : null;
  const because = reasonText(reason, { loser });
  const sentence = because ? `${because[0].toUpperCase()}${because.slice(1)}.` : '';
  const [south, north] = (score ?? '').split('-');
  const counted = score ? ` Final count: South ${south}, North ${north}.` : '';
  return { headline, detail: `${sentence}${counted}`.trim(), mark };
}

/** Who is running on a clock: "S", "N" or null (the server may say true for "the side to move"). */
function runningSide(game) {
  const r = game.clock?.running;
  if (r === 'S' || r === 'N') return r;
  if (r === true && game.status === 'playing') return game.to_move;
  return null;
}

/** The positions and captures of each move, from the rules' start; null if they do not lead to the server's position. */
function movesWithCaptures(game) {
  try {
    const g = new Game(game.rules, game.start ?? undefined);
    for (const m of game.moves) g.play(m);
    if (positionString(g.positions[g.positions.length - 1]) !== game.position
      && positionString(g.position) !== game.position) return null;
    return g;
  } catch {
    return null;
  }
}

export function mountGame(outlet, { id }) {
  let game = null; // the server's latest state
  let position = null; // its position, parsed
  let pending = null; // our move sent and not yet seen back: { letter, ply, after }
  let clockBase = 0;
  let clockTimer = null;
  let resignArmed = null;
  let conn = null;
  let gone = false;

  const board = createBoard({ onPlay: sendMove, onRefuse: refuse });
  const seat = (where) => h('div', { class: `seat ${where}` },
    h('span', { class: 'turn-mark', 'aria-hidden': 'true' }),
    h('span', { class: 'who' }),
    h('span', { class: 'link-state' }),
    h('span', { class: 'captured-count' }),
    h('span', { class: 'clock', role: 'timer', 'aria-live': 'off' }));
  const seats = { top: seat('top'), bottom: seat('bottom') };
  const status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' }, 'Loading the game…');
  const banner = h('div', { class: 'banner', role: 'alert', hidden: true });
  const notice = h('p', { class: 'notice', 'aria-live': 'assertive' });
  const invite = h('div', { class: 'invite-box', hidden: true });
  const offers = h('div', { class: 'offers' });
  const controls = h('div', { class: 'controls' });
  const moveList = h('ol', { class: 'move-list', 'aria-label': 'Moves' });
  const info = h('p', { class: 'game-info' });
  const speed = h('select', {
    id: 'speed',
    onchange: () => setAnimationSpeed(speed.value),
  }, Object.keys(SPEEDS).map((s) => h('option', { value: s, selected: s === animationSpeed() }, s)));

  const page = h('section', { class: 'game-page', 'aria-labelledby': 'game-title' },
    h('h1', { id: 'game-title', class: 'visually-hidden' }, 'Game'),
    h('div', { class: 'play-area' }, seats.top, board.element, seats.bottom),
    h('aside', { class: 'panel' },
      status, banner, notice, invite, offers, controls,
      h('h2', {}, 'Moves'), moveList, info,
      h('p', { class: 'setting' }, h('label', { for: 'speed' }, 'Sowing animation '), speed)));
  outlet.append(page);

  function say(message) {
    notice.textContent = message;
  }

  function refuse(letter) {
    if (!game) return;
    const m = position.rules.pits;
    let why;
    if (game.status === 'finished') why = 'The game is over.';
    else if (game.status === 'waiting') why = 'The game has not started: it is waiting for an opponent.';
    else if (!game.you) why = 'You are watching this game.';
    else if (pending) why = 'Your move is on its way.';
    else if (game.to_move !== game.you) why = `It is ${sideName(game.to_move)}'s turn.`;
    else if (pitIndex(letter, m) < 0) why = `There is no pit ${letter}.`;
    else if ((pitIndex(letter, m) < m ? 'S' : 'N') !== game.you) {
      why = `Pit ${letter} is ${sideName(opposite(game.you))}'s: you play ${sideName(game.you)}'s pits.`;
    } else {
      const r = illegalReason(position, letter);
      why = r ? `${r[0].toUpperCase()}${r.slice(1)}.` : `${letter} cannot be played now.`;
    }
    say(why);
  }

  function legalForMe() {
    if (!game || pending || game.status !== 'playing' || !game.you || game.to_move !== game.you) return [];
    return game.legal ?? [];
  }

  function view(g, pos) {
    return {
      position: pos,
      legal: g === game ? legalForMe() : [],
      flipped: game?.you === 'N',
      lastMove: g.last_move ?? null,
    };
  }

  function sendMove(letter) {
    if (!game) return;
    const ply = game.moves.length;
    say('');
    // Sow it at once; the server's state confirms it.
    pending = { letter, ply };
    try {
      const before = position;
      const step = play(before, letter);
      pending.after = step.position;
      const m = before.rules.pits;
      board.update({
        position: step.position,
        legal: [],
        flipped: game.you === 'N',
        lastMove: { move: letter, captured_pits: step.captures.map((k) => pitLetter(k, m)), seeds: step.taken },
      }, { from: before });
    } catch {
      // The server will say why.
    }
    beep();
    conn.send({ type: 'move', move: letter, ply });
    renderStatus();
  }

  function onState(next) {
    if (gone) return;
    const previous = game;
    game = next;
    try {
      position = parsePosition(next.position, next.rules);
    } catch (err) {
      say(`This position cannot be shown: ${err.message}`);
      return;
    }
    // A refusal or an error is about the position it was made in.
    if (previous && (next.moves.length !== previous.moves.length || next.status !== previous.status)) say('');
    const grew = previous && next.moves.length === previous.moves.length + 1
      && previous.moves.every((m, i) => next.moves[i] === m);
    const mineSeen = pending && next.moves.length > pending.ply && next.moves[pending.ply] === pending.letter;
    const wasPending = pending;
    if (pending && (mineSeen || next.moves.length !== pending.ply || next.status !== 'playing')) pending = null;
    if (wasPending && mineSeen && next.moves.length === wasPending.ply + 1) {
      // Our own move, already sown on screen.
      board.update(view(next, position), { keep: true });
    } else if (wasPending?.after && mineSeen && next.moves.length === wasPending.ply + 2) {
      // Our move and the reply came together: sow the reply.
      board.update(view(next, position), { from: wasPending.after });
      beep({ capture: (next.last_move?.seeds ?? 0) > 0 });
    } else if (grew) {
      let from = null;
      try {
        from = parsePosition(previous.position, previous.rules);
      } catch {
        from = null;
      }
      board.update(view(next, position), { from });
      beep({ capture: (next.last_move?.seeds ?? 0) > 0 });
    } else {
      board.update(view(next, position));
    }
    clockBase = performance.now();
    render();
    // Both players asked for the rematch: take them to it.
    if (previous && !previous.rematch_game_id && next.rematch_game_id && next.you) {
      navigate(`/game/${encodeURIComponent(next.rematch_game_id)}`);
    }
  }

  function render() {
    renderSeats();
    renderStatus();
    renderBanner();
    renderInvite();
    renderOffers();
    renderControls();
    renderMoves();
    const clock = game.clock && game.clock.initial_ms === undefined
      ? `clock, +${(game.clock.increment_ms ?? 0) / 1000} s a move`
      : timeControlText(game.clock);
    info.textContent = `${rulesText(game.rules)} · ${clock}`;
  }

  function renderSeats() {
    const bottom = game.you === 'N' ? 'N' : 'S';
    const kalah = isKalah(position.rules);
    for (const [where, side] of [['bottom', bottom], ['top', opposite(bottom)]]) {
      const el = seats[where];
      const p = game.players?.[side];
      el.dataset.side = side;
      const toMove = game.status === 'playing' && game.to_move === side;
      el.classList.toggle('to-move', toMove);
      el.querySelector('.turn-mark').textContent = toMove ? '▶' : '';
      let who = p ? p.name : 'waiting for a player…';
      if (p?.kind === 'computer' && !/computer/i.test(p.name)) who += ` (computer${p.level ? `, level ${p.level}` : ''})`;
      if (game.you === side) who += ' — you';
      fill(el.querySelector('.who'), h('strong', {}, sideName(side)), ' ', who);
      const linkState = el.querySelector('.link-state');
      if (p && p.kind !== 'computer' && game.status !== 'finished') {
        linkState.textContent = p.connected ? '● online' : '○ away';
        linkState.classList.toggle('away', !p.connected);
      } else {
        linkState.textContent = '';
      }
      const n = position.captured[side === 'S' ? 0 : 1];
      el.querySelector('.captured-count').textContent = `${kalah ? 'store' : 'captured'}: ${seedsText(n)}`;
    }
    tickClocks();
  }

  function tickClocks() {
    clearTimeout(clockTimer);
    const running = game.status === 'playing' ? runningSide(game) : null;
    for (const where of ['top', 'bottom']) {
      const el = seats[where].querySelector('.clock');
      const side = seats[where].dataset.side;
      if (!game.clock) {
        el.textContent = '';
        el.hidden = true;
        continue;
      }
      el.hidden = false;
      let ms = game.clock[`${side}_ms`] ?? 0;
      if (running === side) ms -= performance.now() - clockBase;
      el.textContent = `${ms < 10_000 && game.status === 'playing' ? '⚠ ' : ''}${clockText(ms)}`;
      el.classList.toggle('running', running === side);
      el.classList.toggle('low', ms < 10_000);
      el.setAttribute('aria-label', `${sideName(side)}'s clock: ${clockText(ms)}${running === side ? ', running' : ''}`);
    }
    if (running) clockTimer = setTimeout(tickClocks, 100);
  }

  function renderStatus() {
    let text;
    if (game.status === 'waiting') text = 'Waiting for an opponent to join.';
    else if (game.status === 'finished') text = 'The game is over.';
    else if (pending) text = `You played ${pending.letter}.`;
    else if (game.you && game.to_move === game.you) text = 'Your turn: choose a pit.';
    else if (game.you) text = `${playerText(game, game.to_move)} to move.`;
    else text = `You are watching. ${playerText(game, game.to_move)} to move.`;
    if (status.textContent !== text) status.textContent = text;
    document.title = `${game.you && game.to_move === game.you && game.status === 'playing' ? '▶ Your turn — ' : ''}wari`;
  }

  function renderBanner() {
    if (game.status !== 'finished') {
      banner.hidden = true;
      return;
    }
    const r = resultText(game);
    banner.hidden = false;
    banner.dataset.result = r.mark === '★' && r.headline !== 'You lose' ? 'win' : r.mark === '=' ? 'draw' : 'loss';
    fill(banner,
      h('p', { class: 'headline' }, h('span', { class: 'result-mark', 'aria-hidden': 'true' }, r.mark), ' ', r.headline),
      h('p', { class: 'reason' }, r.detail),
      h('p', { class: 'after' },
        h('a', { href: `/replay/${encodeURIComponent(game.id)}` }, 'Replay and analyse'), ' · ',
        h('a', { href: api.ognUrl(game.id), download: `wari-${game.id}.ogn` }, 'Download OGN'), ' · ',
        h('a', { href: '/' }, 'Back to the lobby')));
  }

  function renderInvite() {
    const link = sessionStorage.getItem(`wari.invite.${game.id}`);
    if (game.status !== 'waiting' || !link) {
      invite.hidden = true;
      return;
    }
    invite.hidden = false;
    fill(invite, shareBox(link));
  }

  function renderOffers() {
    const items = [];
    for (const offer of game.offers ?? []) {
      if (game.you && offer.by === game.you) {
        items.push(h('p', { class: 'offer mine' }, `${offerText(offer.kind, 'You', true)} Waiting for an answer. `,
          h('button', { type: 'button', onclick: () => conn.send({ type: 'decline', kind: offer.kind }) }, 'Withdraw')));
      } else if (game.you) {
        items.push(h('div', { class: 'offer theirs', role: 'group', 'aria-label': 'Offer' },
          h('p', {}, offerText(offer.kind, playerText(game, offer.by))),
          h('button', { type: 'button', class: 'primary', onclick: () => conn.send({ type: 'accept', kind: offer.kind }) }, 'Accept'),
          ' ',
          h('button', { type: 'button', onclick: () => conn.send({ type: 'decline', kind: offer.kind }) }, 'Decline')));
      } else {
        items.push(h('p', { class: 'offer' }, offerText(offer.kind, playerText(game, offer.by))));
      }
    }
    fill(offers, items);
  }

  function offered(kind) {
    return (game.offers ?? []).some((o) => o.kind === kind && o.by === game.you);
  }

  function renderControls() {
    const buttons = [];
    const button = (label, onclick, attrs = {}) => h('button', { type: 'button', onclick, ...attrs }, label);
    if (game.you && game.status === 'playing') {
      if (!isKalah(position.rules)) {
        buttons.push(button('Offer to end by the cycle rule', () => conn.send({ type: 'offer', kind: 'cycle' }), { disabled: offered('cycle') }));
      }
      const opponent = game.players?.[opposite(game.you)];
      // The computer declines takebacks; a takeback undoes one of your moves.
      const mine = game.moves.some((letter) => (letter === letter.toUpperCase() ? 'S' : 'N') === game.you);
      if (opponent?.kind !== 'computer') {
        buttons.push(button('Ask to take back', () => conn.send({ type: 'offer', kind: 'takeback' }), { disabled: offered('takeback') || !mine }));
      }
      if (opponent && opponent.kind !== 'computer' && opponent.connected === false) {
        buttons.push(button('Claim the game (opponent away)', () => conn.send({ type: 'claim' })));
      }
      buttons.push(button(resignArmed ? 'Really resign?' : 'Resign', () => {
        if (resignArmed) {
          clearTimeout(resignArmed);
          resignArmed = null;
          conn.send({ type: 'resign' });
        } else {
          resignArmed = setTimeout(() => { resignArmed = null; renderControls(); }, 4000);
        }
        renderControls();
      }, { class: resignArmed ? 'danger armed' : 'danger' }));
    }
    if (game.status === 'finished') {
      if (game.rematch_game_id) {
        buttons.push(h('a', { class: 'button primary', href: `/game/${encodeURIComponent(game.rematch_game_id)}` }, 'Go to the rematch →'));
      } else if (game.you) {
        const theirs = (game.offers ?? []).some((o) => o.kind === 'rematch' && o.by !== game.you);
        buttons.push(button(theirs ? 'Accept the rematch' : 'Rematch', () => conn.send({ type: theirs ? 'accept' : 'offer', kind: 'rematch' }), { class: 'primary', disabled: offered('rematch') }));
      }
    }
    const focused = document.activeElement && controls.contains(document.activeElement) ? document.activeElement.textContent : null;
    fill(controls, buttons);
    if (focused) {
      const again = [...controls.querySelectorAll('button')].find((b) => b.textContent === focused
        || (focused === 'Resign' && b.textContent === 'Really resign?') || (focused === 'Really resign?' && b.textContent === 'Resign'));
      again?.focus();
    }
  }

  function renderMoves() {
    const replay = movesWithCaptures(game);
    const m = position.rules.pits;
    const items = game.moves.map((letter, i) => {
      const step = replay?.steps[i];
      const captured = step && step.taken > 0 ? ` ×${step.taken}` : '';
      const side = pitIndex(letter, m) < m ? 'S' : 'N';
      return h('li', { 'data-side': side, 'aria-label': `Move ${i + 1}: ${sideName(side)} ${letter}${captured ? `, captures ${seedsText(step.taken)}` : ''}` },
        letter, captured ? h('span', { class: 'took' }, captured) : null);
    });
    fill(moveList, items);
    moveList.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }

  function onKey(event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest?.('input, select, textarea, dialog')) return;
    if (!game || !position || event.key.length !== 1) return;
    const col = event.key.toLowerCase().charCodeAt(0) - 97;
    const m = position.rules.pits;
    if (col < 0 || col >= m) return;
    event.preventDefault();
    const side = game.you ?? game.to_move;
    const letter = pitLetter((side === 'S' ? 0 : m) + col, m);
    const button = board.pitButton(letter);
    button?.focus();
    button?.click();
  }

  document.addEventListener('keydown', onKey);

  (async () => {
    try {
      await ensureSession();
    } catch {
      // Watching needs no session.
    }
    if (gone) return;
    try {
      onState(await api.game(id));
    } catch (err) {
      status.textContent = err.status === 404 ? 'There is no such game.' : `The game cannot be loaded: ${err.message}.`;
      return;
    }
    conn = connectGame(id, {
      onState,
      onError: (message) => {
        pending = null;
        say(`${message[0].toUpperCase()}${message.slice(1)}.`);
        if (game) board.update(view(game, position));
        renderStatus();
      },
      onLink: (up) => page.classList.toggle('offline', !up),
    });
  })();

  return () => {
    gone = true;
    clearTimeout(clockTimer);
    clearTimeout(resignArmed);
    document.removeEventListener('keydown', onKey);
    board.destroy();
    conn?.close();
    document.title = 'wari';
  };
}

/** The invite link with a copy button. */
export function shareBox(path) {
  const url = new URL(path, location.href).href;
  const field = h('input', { id: 'invite-link', readonly: true, value: url, onfocus: (e) => e.target.select() });
  const copied = h('span', { class: 'copied', 'aria-live': 'polite' });
  return h('div', { class: 'share' },
    h('label', { for: 'invite-link' }, 'Send this link to the person you want to play:'),
    h('div', { class: 'share-row' }, field,
      h('button', {
        type: 'button',
        onclick: async () => {
          try {
            await navigator.clipboard.writeText(url);
            copied.textContent = 'Copied.';
          } catch {
            field.select();
            copied.textContent = 'Press Ctrl+C to copy.';
          }
        },
      }, 'Copy link')),
    copied);
}
