import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconToolsKitchen2 } from '@tabler/icons-react';
import { canOpen } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { subjectOf, useSessionUser } from '../../../lib/session.ts';

/**
 * The item grid of a store with no items yet (issue 31): says what to do next and, for whoever may
 * open Settings, the button that goes there; staff without it are told to ask the owner.
 */
export function NoItemsYet() {
  const { t } = useTranslation('pos');
  const user = useSessionUser('tenant');
  const canAdd = user !== null && canOpen(subjectOf(user), 'settings');
  return (
    <Stack align="center" gap="sm" py="xl" px="md" ta="center" data-testid="pos-no-items">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        <IconToolsKitchen2 size={30} />
      </ThemeIcon>
      <Title order={2} fz="h4">
        {t('grid.noItemsTitle')}
      </Title>
      <Text c="dimmed" maw={420}>
        {canAdd ? t('grid.noItemsOwner') : t('grid.noItemsStaff')}
      </Text>
      {canAdd && (
        <Button component={Link} to={paths.dashboard.settings.menuItems} size="md">
          {t('grid.noItemsAction')}
        </Button>
      )}
    </Stack>
  );
}
