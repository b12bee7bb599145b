import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import './app/global.css';
import './app/i18n.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from './app/query-client.ts';
import { router } from './app/router.tsx';
import { AppTheme } from './app/AppTheme.tsx';
import { TOAST_LIMIT } from './app/toast.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <AppTheme>
      <ModalsProvider>
        {/* Bottom right: toasts never cover the header's search and user menu. */}
        <Notifications limit={TOAST_LIMIT} position="bottom-right" />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ModalsProvider>
    </AppTheme>
  </StrictMode>,
);
