import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconChefHat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The logo mark and product name. */
export function Brand() {
  const { t } = useTranslation('landing');
  return (
    <Group gap={10} wrap="nowrap">
      <ThemeIcon
        size={36}
        radius="md"
        variant="gradient"
        gradient={{ from: 'orange.6', to: 'red.6', deg: 135 }}
      >
        <IconChefHat size={22} stroke={1.8} aria-hidden />
      </ThemeIcon>
      <Text fw={800} fz={22} lh={1} c="dark.8" style={{ letterSpacing: '-0.02em' }}>
        {t('brand')}
      </Text>
    </Group>
  );
}
