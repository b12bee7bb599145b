import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DinerRoutes } from './app/routes/diner.tsx';

// The diners' entry (m.html): React and the QR menu only. No Mantine, router, i18next, query client or
// back-office text: a cheap phone on a slow network downloads under 100 KB of script for the menu.
const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
createRoot(root).render(
  <StrictMode>
    <DinerRoutes />
  </StrictMode>,
);
