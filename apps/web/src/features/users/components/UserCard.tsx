import { ActionIcon, Avatar, Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconLock, IconMail, IconPhone, IconTrash } from '@tabler/icons-react';
import { parseScopes, type User } from '@comanda/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const SHOWN_SCOPES = 6;

/** One team member: who they are, how to reach them and what they may open; admins are read-only. */
export function UserCard(props: {
  user: User;
  isMe: boolean;
  onEdit: () => void;
  onReset: () => void;
  onDelete: () => void;
  /** The owner's PIN button (staff-pins/UserPinButton). */
  pinAction?: ReactNode;
}) {
  const { t } = useTranslation('users');
  const { user } = props;
  const isAdmin = user.role === 'admin';
  const scopes = parseScopes(user.scope);
  const hidden = scopes.slice(SHOWN_SCOPES);

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="user-card">
      <Stack gap="md" h="100%">
        <Group wrap="nowrap" align="flex-start" gap="md">
          <Avatar src={user.photo} name={user.name} color="initials" size={48} radius="xl" />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
              <Text fw={700} lh={1.3} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {user.name}
              </Text>
              <Badge
                color={isAdmin ? 'orange' : 'gray'}
                variant={isAdmin ? 'filled' : 'light'}
                radius="sm"
                style={{ flexShrink: 0 }}
              >
                {user.role.toUpperCase()}
              </Badge>
            </Group>
            <Text fz="sm" c="dimmed" truncate="end" title={user.username}>
              {user.username}
            </Text>
            {(user.designation || props.isMe) && (
              <Group gap={6} mt={2}>
                {user.designation && (
                  <Text fz="sm" fw={500}>
                    {user.designation}
                  </Text>
                )}
                {props.isMe && (
                  <Badge size="xs" variant="dot" color="teal" tt="none">
                    {t('card.you')}
                  </Badge>
                )}
              </Group>
            )}
          </Stack>
        </Group>

        {(user.phone || user.email) && (
          <Stack gap={4}>
            {user.phone && (
              <Group gap={8} wrap="nowrap">
                <IconPhone
                  size={15}
                  color="var(--mantine-color-dimmed)"
                  style={{ flexShrink: 0 }}
                  aria-hidden
                />
                <Text fz="sm" truncate="end">
                  {user.phone}
                </Text>
              </Group>
            )}
            {user.email && (
              <Group gap={8} wrap="nowrap">
                <IconMail
                  size={15}
                  color="var(--mantine-color-dimmed)"
                  style={{ flexShrink: 0 }}
                  aria-hidden
                />
                <Text fz="sm" truncate="end" title={user.email}>
                  {user.email}
                </Text>
              </Group>
            )}
          </Stack>
        )}

        <Stack gap={6}>
          <Text fz="xs" fw={700} c="dimmed" tt="uppercase" lts={0.5}>
            {t('card.scopes')}
          </Text>
          <Group gap={6}>
            {isAdmin ? (
              <Badge variant="light" color="orange" radius="sm" tt="none">
                {t('card.allAccess')}
              </Badge>
            ) : scopes.length === 0 ? (
              <Text fz="sm" c="dimmed">
                {t('card.noScopes')}
              </Text>
            ) : (
              <>
                {scopes.slice(0, SHOWN_SCOPES).map((s) => (
                  <Badge key={s} variant="default" radius="sm" tt="none" fw={500}>
                    {t(`scope.${s}`)}
                  </Badge>
                ))}
                {hidden.length > 0 && (
                  <Tooltip
                    label={hidden.map((s) => t(`scope.${s}`)).join(', ')}
                    multiline
                    w={240}
                    withArrow
                    events={{ hover: true, focus: true, touch: true }}
                  >
                    <Badge variant="light" color="gray" radius="sm" tt="none" fw={500} tabIndex={0}>
                      {t('card.moreScopes', { count: hidden.length })}
                    </Badge>
                  </Tooltip>
                )}
              </>
            )}
          </Group>
        </Stack>

        <Group gap="xs" mt="auto" pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
          {isAdmin ? (
            <Group gap={6} wrap="nowrap" c="dimmed" mih={30}>
              <IconLock size={14} style={{ flexShrink: 0 }} aria-hidden />
              <Text fz="xs" c="dimmed">
                {t('card.adminNote')}
              </Text>
            </Group>
          ) : (
            <>
              <Button variant="light" size="sm" px="md" onClick={props.onEdit}>
                {t('card.edit')}
              </Button>
              <Button variant="default" size="sm" px="md" onClick={props.onReset}>
                {t('card.resetPassword')}
              </Button>
              {props.pinAction}
              <Tooltip label={t('card.delete')} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  ml="auto"
                  aria-label={t('card.delete')}
                  onClick={props.onDelete}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
