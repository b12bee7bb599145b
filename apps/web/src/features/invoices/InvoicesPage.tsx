import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { invoicesQueryOptions } from './api/get-invoices.ts';

/** Placeholder: the screen lands in this second slice. */
export function InvoicesPage() {
  const { t } = useTranslation('invoices');
  const list = useQuery(invoicesQueryOptions({ type: 'today' }));
  return (
    <>
      <h1>{t('title')}</h1>
      {list.data?.truncated && <Text size="sm">{t('truncated')}</Text>}
    </>
  );
}
