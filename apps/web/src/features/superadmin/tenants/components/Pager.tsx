import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * First, previous, 'Page n', next, last and 'Showing x of y' (SPEC §2 Tenants): the tenants list's and
 * a tenant's audit log's pages.
 */
export function Pager({
  page,
  lastPage,
  shown,
  total,
  onPage,
  label,
}: {
  page: number;
  lastPage: number;
  shown: number;
  total: number;
  onPage: (page: number) => void;
  /** What the pages are of, for screen readers ('Tenant pages'). */
  label: string;
}) {
  const { t } = useTranslation('tenants');
  return (
    <Group justify="space-between" wrap="wrap" gap="sm" component="nav" aria-label={label}>
      <Text fz="sm" c="dimmed" data-testid="showing">
        {t('page.showing', { shown, total })}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <ActionIcon
          variant="default"
          aria-label={t('page.first')}
          disabled={page <= 1}
          onClick={() => onPage(1)}
        >
          <IconChevronsLeft size={18} />
        </ActionIcon>
        <ActionIcon
          variant="default"
          aria-label={t('page.previous')}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Text fw={600} px="sm" aria-live="polite" data-testid="page-current" style={{ whiteSpace: 'nowrap' }}>
          {t('page.current', { page })}
        </Text>
        <ActionIcon
          variant="default"
          aria-label={t('page.next')}
          disabled={page >= lastPage}
          onClick={() => onPage(page + 1)}
        >
          <IconChevronRight size={18} />
        </ActionIcon>
        <ActionIcon
          variant="default"
          aria-label={t('page.last')}
          disabled={page >= lastPage}
          onClick={() => onPage(lastPage)}
        >
          <IconChevronsRight size={18} />
        </ActionIcon>
      </Group>
    </Group>
  );
}
