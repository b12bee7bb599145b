import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import i18n from '../i18n.ts';
import { invalidateResources, type Resource } from '../resources.ts';
import { toast } from '../toast.ts';
import type { NewOutboxEntry } from './outbox.ts';
import { type Outcome, submit } from './sync.ts';
import { useOffline } from './use-offline.tsx';

/**
 * An order-changing call of Table Orders or the kitchen as it goes through the outbox: the server's
 * answer when it comes in time (its message as a toast, unless `quiet`), "saved on this device" when it
 * does not (the screen shows the change from the outbox meanwhile), or the refusal with the latest
 * data fetched again, since another screen may have moved first.
 */
export function useOutboxCall(opts: {
  changes: readonly Resource[];
  /** Answers of those the screen brings up to date itself (the kitchen board, by the ticket). */
  except?: readonly QueryKey[];
  fallback: string;
  /** No success toast: the screen changing is the answer (the kitchen). */
  quiet?: boolean;
}) {
  const queryClient = useQueryClient();
  const { tenantId } = useOffline();
  const run = async (entry: Omit<NewOutboxEntry, 'tenantId'>): Promise<Outcome> => {
    const waiting = opts.quiet ? null : toast.loading('Please wait...');
    try {
      const outcome = await submit({ ...entry, tenantId });
      if (outcome.status === 'synced') {
        const { message } = outcome.answer as { message?: string };
        if (!opts.quiet && message) toast.success(message);
      } else if (outcome.status === 'queued') {
        toast.blank(i18n.t('offline.saved'));
      } else {
        toast.fromError(outcome.error, opts.fallback);
      }
      void invalidateResources(queryClient, opts.changes, opts.except);
      return outcome;
    } finally {
      if (waiting) toast.dismiss(waiting);
    }
  };
  return { run };
}
