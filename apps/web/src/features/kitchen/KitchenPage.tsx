import { useTranslation } from 'react-i18next';

/** Placeholder: the screen lands in this second slice. */
export function KitchenPage() {
  const { t } = useTranslation('kitchen');
  return <h1>{t('title')}</h1>;
}
