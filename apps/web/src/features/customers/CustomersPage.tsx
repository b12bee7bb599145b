import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';

/** /dashboard/customers (the list comes next). */
export function CustomersPage() {
  const { t } = useTranslation('customers');
  return (
    <Stack>
      <PageHeader title={t('title')} />
    </Stack>
  );
}
