import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.tsx';

/** /dashboard/customers/:id (the page comes next). */
export function CustomerDetailPage() {
  const { t } = useTranslation('customers');
  return (
    <Stack>
      <PageHeader title={t('title')} />
    </Stack>
  );
}
