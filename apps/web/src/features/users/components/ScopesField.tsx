import { Button, Group, MultiSelect, Stack, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { ROLE_PRESETS, ROLE_PRESET_NAMES, SCOPES, type Scope, presetOfScopes } from '@comanda/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The 'Scopes' picker of the add and update dialogs: role presets first (issue 31: Waiter, Cashier,
 * Cook, Host, Manager, from core's ROLE_PRESETS), naming the one the scopes match or "Custom", then the
 * raw names under Advanced. A preset only fills the names; the user keeps names (SPEC §7 userScopes).
 * Scopes outside `grantable` are shown but cannot be picked (the server refuses to let staff hand out
 * scopes they lack); ones already held stay pickable. A preset with any such scope is off.
 */
export function ScopesField(props: {
  value: string[];
  onChange: (value: string[]) => void;
  error?: ReactNode;
  grantable: ReadonlySet<Scope> | 'all';
  held?: readonly string[];
}) {
  const { t } = useTranslation('users');
  const canPick = (s: Scope) =>
    props.grantable === 'all' || props.grantable.has(s) || props.held?.includes(s);
  const matched = presetOfScopes(props.value);
  return (
    <Stack gap="xs">
      <div role="group" aria-labelledby="role-presets-label">
        <Text id="role-presets-label" fw={500} fz="sm" mb={6}>
          {t('preset.label')}
        </Text>
        <Group gap="xs">
          {ROLE_PRESET_NAMES.map((name) => (
            <Button
              key={name}
              variant={matched === name ? 'filled' : 'default'}
              aria-pressed={matched === name}
              disabled={!ROLE_PRESETS[name].every(canPick)}
              onClick={() => props.onChange([...ROLE_PRESETS[name]])}
              mih={44}
            >
              {t(`preset.${name}`)}
            </Button>
          ))}
        </Group>
        <Text fz="sm" c="dimmed" mt={6} data-testid="role-preset-match" aria-live="polite">
          {matched
            ? t('preset.matches', { role: t(`preset.${matched}`), grants: t(`preset.${matched}.grants`) })
            : t('preset.custom')}
        </Text>
      </div>
      <Text fw={600} fz="xs" tt="uppercase" c="dimmed" mt="xs">
        {t('preset.advanced')}
      </Text>
      <MultiSelect
        label={
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            {t('field.scopes')}
            <Tooltip
              label={t('scopes are like permission')}
              withArrow
              events={{ hover: true, focus: true, touch: true }}
            >
              <IconInfoCircle size={15} aria-hidden style={{ color: 'var(--mantine-color-dimmed)' }} />
            </Tooltip>
          </span>
        }
        description={props.grantable === 'all' ? t('field.scopesHint') : t('field.scopesHintStaff')}
        placeholder={props.value.length ? undefined : t('field.scopesPlaceholder')}
        data={SCOPES.map((s) => ({ value: s, label: t(`scope.${s}`), disabled: !canPick(s) }))}
        value={props.value}
        onChange={props.onChange}
        error={props.error}
        size="md"
        searchable
        clearable
        checkIconPosition="right"
        maxDropdownHeight={260}
        nothingFoundMessage={t('field.scopesNothing')}
        comboboxProps={{ shadow: 'md', keepMounted: false }}
      />
    </Stack>
  );
}
