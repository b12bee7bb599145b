import { useEffect } from 'react';
import i18n from './i18n.ts';

/** Each screen names the browser tab after itself: 'Menu Items · Comanda'. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    const app = i18n.t('app.name');
    document.title = title ? `${title} · ${app}` : app;
  }, [title]);
}
