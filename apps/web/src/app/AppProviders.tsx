import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
// Builds ship it with the reports' chunk, the only one drawing charts (mantine-css.ts).
import '@mantine/charts/styles.css';
import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, useNavigate } from 'react-router';
import { setApiRedirects } from '../lib/api-client.ts';
import { queryClient } from '../lib/query-client.ts';
import { TOAST_LIMIT } from '../lib/toast.ts';
import { paths } from '../lib/paths.ts';
import { setResourceInvalidation } from '../lib/resources.ts';
import { invalidateCachedResources } from './realtime-invalidation.ts';

// Saves on every screen mark stale what the app's one map says shows the resources they change.
setResourceInvalidation(invalidateCachedResources);

/**
 * What every screen but the landing page needs: server state, dialogs, toasts, and in-app redirects for
 * the API client (402 → inactive page, dead session → login). A lazy route of its own, so the landing
 * page downloads none of it.
 */
export function AppProviders() {
  const navigate = useNavigate();
  useEffect(
    () =>
      setApiRedirects({
        signedOut: (aud) =>
          void navigate(aud === 'superadmin' ? paths.superadmin.login : paths.login, { replace: true }),
        paymentRequired: () => void navigate(paths.dashboard.inactiveSubscription, { replace: true }),
      }),
    [navigate],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ModalsProvider>
        {/* Bottom right: toasts never cover the header's search and user menu. */}
        <Notifications limit={TOAST_LIMIT} position="bottom-right" />
        <Outlet />
      </ModalsProvider>
    </QueryClientProvider>
  );
}
