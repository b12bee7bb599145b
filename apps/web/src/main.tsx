import './lib/zod-jitless.ts';
// Before the rest of the app is evaluated: the screen's data is on its way while it is.
import './lib/early-fetch.ts';
import '@mantine/core/styles.css';
import './app/global.css';
import './lib/i18n.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppTheme } from './app/AppTheme.tsx';
import { router } from './app/router.tsx';

// The query client, dialogs and toasts are provided by app/AppProviders.tsx, a lazy route around every
// screen but the landing page, which needs none of them.
const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <AppTheme>
      <RouterProvider router={router} />
    </AppTheme>
  </StrictMode>,
);
