import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { reportActivity } from './api.ts';
import { isStoreDevice, pinSession, useLockToPad } from '../../lib/store-device.ts';

const INPUT_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * The header's "Switch user" on a store device, and its idle lock: after the device's idle time with no
 * input the session ends on the server and the PIN pad shows. Input is reported to the server at most a
 * few times per idle period, so its own idle end (docs/staff-pins.md) never comes before this one.
 */
export function StoreDeviceLock() {
  const { t } = useTranslation('staffPins');
  const lock = useLockToPad();
  const locking = useRef(false);
  const idleSeconds = pinSession()?.idleSeconds ?? 0;
  const lockOnce = () => {
    if (locking.current) return;
    locking.current = true;
    void lock();
  };

  useEffect(() => {
    if (!idleSeconds) return;
    const idleMs = idleSeconds * 1000;
    const reportEvery = Math.max(5_000, idleMs / 3);
    let lastInput = Date.now();
    let reported = Date.now();
    const onInput = () => {
      lastInput = Date.now();
      if (lastInput - reported >= reportEvery) {
        reported = lastInput;
        void reportActivity().catch(() => undefined);
      }
    };
    for (const e of INPUT_EVENTS) window.addEventListener(e, onInput, { capture: true, passive: true });
    const timer = window.setInterval(() => {
      if (Date.now() - lastInput < idleMs || locking.current) return;
      locking.current = true;
      void lock();
    }, 1000);
    return () => {
      for (const e of INPUT_EVENTS) window.removeEventListener(e, onInput, { capture: true });
      window.clearInterval(timer);
    };
  }, [idleSeconds, lock]);

  if (!isStoreDevice()) return null;
  return (
    <Button
      variant="light"
      color="orange"
      mih={44}
      px="sm"
      leftSection={<IconLock size={18} aria-hidden />}
      title={t('lock.hint')}
      onClick={lockOnce}
    >
      {t('lock.button')}
    </Button>
  );
}
