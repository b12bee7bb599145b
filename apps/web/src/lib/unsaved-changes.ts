import { modals } from '@mantine/modals';
import { useEffect, useEffectEvent } from 'react';
import { useBlocker } from 'react-router';
import i18n from './i18n.ts';

/**
 * Warns before unsaved edits are lost: leaving for another screen asks first, closing or reloading the
 * tab shows the browser's own warning.
 */
export function useUnsavedChangesWarning(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const ask = useEffectEvent(() => {
    if (blocker.state !== 'blocked') return;
    // Closing the dialog any other way (Esc, the close button) means stay.
    let decided = false;
    modals.openConfirmModal({
      title: i18n.t('unsaved.title'),
      children: i18n.t('unsaved.text'),
      labels: { confirm: i18n.t('unsaved.leave'), cancel: i18n.t('unsaved.stay') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        decided = true;
        blocker.proceed();
      },
      onCancel: () => {
        decided = true;
        blocker.reset();
      },
      onClose: () => {
        if (!decided) blocker.reset();
      },
    });
  });
  useEffect(() => {
    if (blocker.state === 'blocked') ask();
  }, [blocker.state]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
