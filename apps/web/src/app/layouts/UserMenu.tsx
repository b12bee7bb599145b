import { Avatar, Badge, Group, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import type { SessionUser } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NavEntry } from '../../lib/navigation.ts';

/** The header's user menu: name, upper-case role, designation, account links and Logout (SPEC §2). */
export function UserMenu({
  user,
  links,
  onLogout,
}: {
  user: SessionUser;
  links: NavEntry[];
  onLogout: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const initials = user.name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <Menu withInitialFocusPlaceholder={false} position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton data-testid="user-menu" mih={44} px={4} style={{ borderRadius: 8 }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar color="orange" radius="xl" size={36} aria-hidden>
              {initials}
            </Avatar>
            <Text fw={600} fz="sm" visibleFrom="sm" maw={160} truncate>
              {user.name}
            </Text>
            <VisuallyHidden hiddenFrom="sm">{t('userMenu.label', { name: user.name })}</VisuallyHidden>
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Stack gap={2} px="sm" py="xs" role="presentation">
          <Text fw={700} truncate>
            {user.name}
          </Text>
          <Group gap={6}>
            <Badge size="sm" variant="light">
              {user.role.toUpperCase()}
            </Badge>
            {user.designation && (
              <Text fz="xs" c="dimmed" truncate>
                {user.designation}
              </Text>
            )}
          </Group>
        </Stack>
        <Menu.Divider />
        {links.map((l) => (
          <Menu.Item key={l.path} component={Link} to={l.path} leftSection={<l.icon size={16} />}>
            {t(l.label)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={onLogout}>
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
