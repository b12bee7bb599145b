import { useCallback, useEffect, useState } from 'react';

/**
 * The new-order chime, drawn with the Web Audio API (no file to fetch). Browsers keep audio
 * suspended until the page is tapped, so the screen offers "Tap to enable sound" until `unlock` has
 * run inside a tap; any tap on the page unlocks it too.
 */
let context: AudioContext | null = null;
const listeners = new Set<() => void>();

const running = () => context?.state === 'running';

/** Starts (or resumes) audio; must run inside a user gesture to succeed. */
export function unlockAudio() {
  context ??= new AudioContext();
  context.onstatechange = () => listeners.forEach((l) => l());
  void context.resume();
}

/** Two short bell-like notes, loud enough for a kitchen, gone in under a second. */
export function playChime() {
  if (!context || !running()) return;
  const start = context.currentTime;
  [880, 1320].forEach((frequency, i) => {
    if (!context) return;
    const at = start + i * 0.18;
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = 'sine';
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.5, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.5);
    osc.connect(gain).connect(context.destination);
    osc.start(at);
    osc.stop(at + 0.55);
  });
}

const MUTED_KEY = 'comanda.kitchen.muted';

/** Whether sound is on for this device (remembered), whether the browser lets it play, and the toggles. */
export function useChime() {
  const [muted, setMuted] = useState(() => localStorage.getItem(MUTED_KEY) === '1');
  const [ready, setReady] = useState(running);
  useEffect(() => {
    const update = () => setReady(running());
    listeners.add(update);
    // The first tap anywhere on the screen is enough.
    document.addEventListener('pointerdown', unlockAudio, { once: true });
    return () => {
      listeners.delete(update);
      document.removeEventListener('pointerdown', unlockAudio);
    };
  }, []);
  const toggleMuted = useCallback(() => {
    localStorage.setItem(MUTED_KEY, muted ? '0' : '1');
    setMuted(!muted);
  }, [muted]);
  const chime = useCallback(() => {
    if (!muted) playChime();
  }, [muted]);
  return { muted, ready, toggleMuted, unlock: unlockAudio, chime };
}
