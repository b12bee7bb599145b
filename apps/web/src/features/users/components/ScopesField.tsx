import { MultiSelect, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { SCOPES, type Scope } from '@comanda/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The 'Scopes' picker of the add and update dialogs. Scopes outside `grantable` are shown but cannot be
 * picked (the server refuses to let staff hand out scopes they lack); ones already held stay pickable.
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
  return (
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
  );
}
