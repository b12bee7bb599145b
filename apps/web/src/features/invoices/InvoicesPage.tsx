import { useTranslation } from 'react-i18next';

/** Placeholder: the screen lands in this second slice. */
export function InvoicesPage() {
  const { t } = useTranslation('invoices');
  return <h1>{t('title')}</h1>;
}
