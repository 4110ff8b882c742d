// @ts-check
// The app's entry: the header (who you are, your games, sound), the
// routes, and the player's event stream once there is a session.

import { api } from './api.js';
import { h, fill } from './dom.js';
import { route, start, navigate } from './router.js';
import { ensureSession, knownSession } from './session.js';
import { startHeader } from './header.js';
import { mountSignIn, mountSignUp, mountSettings } from './account.js';
import { mountLeaderboard } from './leaderboard.js';
import { mountMyGames } from './mygames.js';
import { mountPlayer } from './player.js';
import { isMuted, setMuted } from './sound.js';
import { mountLobby } from './lobby.js';
import { mountGame } from './game.js';
import { mountArchive } from './archive.js';
import { mountReplay } from './replay.js';
import { mountAnalysis } from './analysis.js';
import { mountEditor } from './editor.js';
import { mountPuzzles } from './puzzles.js';
import { mountTournaments } from './tournaments.js';
import { mountTournament } from './tournament.js';
import { mountLearn } from './learn.js';
import { startI18n, t } from './i18n.js';

function soundToggle() {
  const button = document.getElementById('mute');
  const show = () => {
    const muted = isMuted();
    button.textContent = muted ? t('sound-off') : t('sound-on');
  };
  button.addEventListener('click', () => {
    setMuted(!isMuted());
    show();
  });
  show();
}

async function invite(outlet, { token }) {
  outlet.append(h('p', {}, t('invite-joining')));
  try {
    await ensureSession();
    const { game_id: id } = await api.joinInvite(token);
    navigate(`/game/${encodeURIComponent(id)}`, { replace: true });
  } catch (err) {
    fill(outlet, h('p', { class: 'error', role: 'alert' }, t('invite-unusable', { error: err.message })),
      h('p', {}, h('a', { href: '/' }, t('back-to-lobby'))));
  }
}

await startI18n();
soundToggle();
route('/', mountLobby);
route('/game/:id', mountGame);
route('/invite/:token', invite);
route('/archive', mountArchive);
route('/replay/:id', mountReplay);
route('/analysis', mountAnalysis);
route('/editor', mountEditor);
route('/puzzles', mountPuzzles);
route('/learn', mountLearn);
route('/learn/:family', mountLearn);
route('/signin', mountSignIn);
route('/signup', mountSignUp);
route('/account', mountSettings);
route('/player/:name', mountPlayer);
route('/games', mountMyGames);
route('/tournaments', mountTournaments);
route('/tournament/:id', mountTournament);
route('/leaderboard', mountLeaderboard);
route('/leaderboard/:pool', mountLeaderboard);
startHeader();
knownSession().catch(() => {});
start(document.getElementById('main'));
