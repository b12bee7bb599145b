import { useCallback, useEffect, useState } from 'react';

// A small copy of the kitchen's chime (features/kitchen/chime.ts; features do not import each other):
// Web Audio, no file to fetch, unlocked by the first tap because browsers keep audio suspended until then.
let context: AudioContext | null = null;
const listeners = new Set<() => void>();
const running = () => context?.state === 'running';

function unlockAudio() {
  context ??= new AudioContext();
  context.onstatechange = () => listeners.forEach((l) => l());
  void context.resume();
}

/** Three rising notes, distinct from the kitchen's new-order chime: an order is ready for pickup. */
function playReady() {
  if (!context || !running()) return;
  const start = context.currentTime;
  [660, 880, 1320].forEach((frequency, i) => {
    if (!context) return;
    const at = start + i * 0.16;
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = 'sine';
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.5, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.6);
    osc.connect(gain).connect(context.destination);
    osc.start(at);
    osc.stop(at + 0.65);
  });
}

const MUTED_KEY = 'comanda.order-board.muted';

/** Whether sound is on for this screen (remembered), whether the browser lets it play, and the toggles. */
export function useReadyChime() {
  const [muted, setMuted] = useState(() => localStorage.getItem(MUTED_KEY) === '1');
  const [ready, setReady] = useState(running);
  useEffect(() => {
    const update = () => setReady(running());
    listeners.add(update);
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
    if (!muted) playReady();
  }, [muted]);
  return { muted, ready, toggleMuted, unlock: unlockAudio, chime };
}
