import { modals } from '@mantine/modals';
import { useEffect, useEffectEvent } from 'react';
import { useBlocker, useLocation } from 'react-router';
import i18n from '../../lib/i18n.ts';

/**
 * Leaving the POS with an unsent ticket asks first (issue 31). The ticket survives the trip (it is kept
 * for this terminal), so the question is light: "Keep ticket" leaves and finds it here on return, the
 * waiter's usual answer and the dialog's first button; "Discard" leaves and throws it away; closing the
 * dialog stays. Closing or reloading the tab shows the browser's own warning: the kitchen has not seen
 * the ticket yet, whatever the tablet remembers.
 *
 * Only a move away from the POS's own path asks. Once "Keep ticket" lets the router go, the POS can
 * stay mounted a moment while the next page loads (the router renders it in a transition): a Back
 * tapped then, from Table Orders to the POS, must not be taken for another leave, blocked and undone.
 */
export function useLeaveTicketGuard(unsent: string | null, onDiscard: () => void) {
  const here = useLocation().pathname;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsent !== null && currentLocation.pathname === here && nextLocation.pathname !== here,
  );
  const ask = useEffectEvent(() => {
    if (blocker.state !== 'blocked') return;
    let decided = false;
    modals.openConfirmModal({
      title: i18n.t('leave.title', { ns: 'posTicket' }),
      children: unsent,
      labels: { confirm: i18n.t('leave.keep', { ns: 'posTicket' }), cancel: i18n.t('leave.discard', { ns: 'posTicket' }) },
      cancelProps: { color: 'red', variant: 'outline' },
      groupProps: { 'data-testid': 'leave-ticket' } as object,
      onConfirm: () => {
        decided = true;
        blocker.proceed();
      },
      onCancel: () => {
        decided = true;
        onDiscard();
        blocker.proceed();
      },
      onClose: () => {
        if (!decided) blocker.reset();
      },
    });
  });
  useEffect(() => {
    if (blocker.state === 'blocked') ask();
  }, [blocker.state]);

  const dirty = unsent !== null;
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
