import { useCallback, useEffect, useState } from 'react';

/**
 * A screen's chime (the kitchen's new order, the pickup board's ready token), drawn with the Web Audio
 * API: no file to fetch. Browsers keep audio suspended until the page is tapped, so a screen offers "Tap
 * to enable sound" until `unlock` has run inside a tap; any tap on the page unlocks it too.
 */
let context: AudioContext | null = null;
const listeners = new Set<() => void>();

const running = () => context?.state === 'running';

/** Starts (or resumes) audio; must run inside a user gesture to succeed. */
function unlockAudio() {
  context ??= new AudioContext();
  context.onstatechange = () => listeners.forEach((l) => l());
  void context.resume();
}

/** A chime: its notes (Hz), the time between them and how long each rings (seconds). */
export interface Chime {
  notes: readonly number[];
  gap: number;
  ring: number;
  /** The local-storage key that remembers this screen's mute switch. */
  mutedKey: string;
}

/** Short bell-like notes, loud enough for a busy room, gone in under a second. */
function play({ notes, gap, ring }: Chime) {
  if (!context || !running()) return;
  const start = context.currentTime;
  notes.forEach((frequency, i) => {
    if (!context) return;
    const at = start + i * gap;
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = 'sine';
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.5, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + ring);
    osc.connect(gain).connect(context.destination);
    osc.start(at);
    osc.stop(at + ring + 0.05);
  });
}

/** Whether sound is on for this device (remembered), whether the browser lets it play, and the toggles. */
export function useChime(sound: Chime) {
  const [muted, setMuted] = useState(() => localStorage.getItem(sound.mutedKey) === '1');
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
    localStorage.setItem(sound.mutedKey, muted ? '0' : '1');
    setMuted(!muted);
  }, [muted, sound.mutedKey]);
  const chime = useCallback(() => {
    if (!muted) play(sound);
  }, [muted, sound]);
  return { muted, ready, toggleMuted, unlock: unlockAudio, chime };
}
