import { useTranslation } from 'react-i18next';

/** Placeholder: the screen lands in this second slice. */
export function PrintTokenPage() {
  const { t } = useTranslation('print');
  return <h1>{t('title')}</h1>;
}
