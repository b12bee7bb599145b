import { Card, Switch } from '@mantine/core';
import { IconReceiptOff } from '@tabler/icons-react';
import { voidReasonSchema } from '@comanda/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSaveMutation } from '../../lib/mutations.ts';
import {
  voidReasonsQueryOptions,
  voidSettingsQueryKey,
  voidSettingsQueryOptions,
} from '../../lib/void-reasons.ts';
import { addVoidReason, deleteVoidReason, saveVoidSettings, updateVoidReason } from './api/mutations.ts';
import { TitleListPage } from './TitleListPage.tsx';

/**
 * /dashboard/settings/void-reasons: why a sent line is voided, an order cancelled or an invoice
 * refunded. Voids and refunds copy the title, so renaming or deleting one never changes the past.
 */
export function VoidReasonsPage() {
  return (
    <TitleListPage
      ns={{
        title: 'voidReasons.title',
        subtitle: 'voidReasons.subtitle',
        add: 'voidReasons.add',
        update: 'voidReasons.update',
        empty: 'voidReasons.empty',
        emptyAction: 'voidReasons.emptyAction',
        column: 'voidReasons.column',
      }}
      query={voidReasonsQueryOptions()}
      changes="void_reason"
      add={addVoidReason}
      update={({ id, title }) => updateVoidReason({ id, title })}
      remove={deleteVoidReason}
      addSchema={voidReasonSchema}
      updateSchema={voidReasonSchema}
      testId="void-reason-row"
      emptyIcon={IconReceiptOff}
      aside={<RequireReasonCard />}
    />
  );
}

/**
 * The owner's rule (issue 30, docs/voids.md): whether every cancel and void must name a reason. Off, the
 * dialogs still offer the reasons but a void may go without one. Saved as soon as it is switched.
 */
function RequireReasonCard() {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const setting = useQuery(voidSettingsQueryOptions());
  const save = useSaveMutation({
    mutationFn: saveVoidSettings,
    changes: [],
    onSuccess: (_, body) => queryClient.setQueryData(voidSettingsQueryKey, body),
  });
  return (
    <Card withBorder radius="lg" padding="lg">
      <Switch
        size="md"
        label={t('voidReasons.require')}
        description={t('voidReasons.requireHint')}
        checked={
          save.isPending ? save.variables.requireVoidReason : (setting.data?.requireVoidReason ?? false)
        }
        disabled={!setting.data || save.isPending}
        onChange={(e) => save.mutate({ requireVoidReason: e.currentTarget.checked })}
      />
    </Card>
  );
}
