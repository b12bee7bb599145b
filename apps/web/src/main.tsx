import '@mantine/core/styles.css';
import './app/i18n.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from 'react-router';
import { router } from './app/router.tsx';
import { theme } from './app/theme.ts';

// The query client, dialogs and toasts are provided by app/AppProviders.tsx, a lazy route around every
// screen but the landing page, which needs none of them.
const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <RouterProvider router={router} />
    </MantineProvider>
  </StrictMode>,
);
