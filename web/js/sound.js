// @ts-check
// A short beep on each move (WebAudio; no sound files), and the mute
// setting kept in localStorage.

let context = null;
let allowed = false;

// Browsers start audio only after a gesture: the context is made then.
for (const type of ['pointerdown', 'keydown']) {
  window.addEventListener(type, () => { allowed = true; }, { once: true, capture: true });
}

export const isMuted = () => localStorage.getItem('wari.mute') === '1';

export function setMuted(muted) {
  localStorage.setItem('wari.mute', muted ? '1' : '0');
}

/** A beep: higher and double for a capture. */
export function beep({ capture = false } = {}) {
  if (isMuted() || !allowed) return;
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    const notes = capture ? [660, 880] : [440];
    notes.forEach((freq, i) => {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = freq;
      osc.type = 'triangle';
      const t = now + i * 0.09;
      gain.gain.setValueAtTime(0.0001, t);
      gain.gain.exponentialRampToValueAtTime(0.15, t + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + 0.08);
      osc.connect(gain).connect(context.destination);
      osc.start(t);
      osc.stop(t + 0.09);
    });
  } catch {
    // No audio here: the game goes on silently.
  }
}
