import { Card, Switch } from '@mantine/core';
import type { TicketSettings } from '@comanda/core';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../lib/api-client.ts';
import { useSaveMutation } from '../../lib/mutations.ts';

const ticketSettingsQueryKey = ['settings', 'ticket-setting'] as const;

/**
 * The owner's rule (issue 31, docs/tickets.md): whether a dine-in order may go with a name tag instead
 * of a table. Off (the default), the POS asks every dine-in order for its table. Saved when switched.
 */
export function NameTagsCard() {
  const { t } = useTranslation('posTicket');
  const queryClient = useQueryClient();
  const setting = useQuery(
    queryOptions({
      queryKey: ticketSettingsQueryKey,
      queryFn: () => apiRequest<TicketSettings>('/settings/ticket-setting'),
    }),
  );
  const save = useSaveMutation({
    mutationFn: (body: TicketSettings) =>
      apiRequest<{ message: string }>('/settings/ticket-setting', { method: 'POST', body }),
    changes: [],
    onSuccess: (_, body) => {
      queryClient.setQueryData(ticketSettingsQueryKey, body);
      // The POS reads the switch with its data.
      void queryClient.invalidateQueries({ queryKey: ['pos', 'init'] });
    },
  });
  return (
    <Card withBorder radius="lg" padding="lg">
      <Switch
        size="md"
        label={t('settings.allowNameTags')}
        description={t('settings.allowNameTagsHint')}
        checked={save.isPending ? save.variables.allowNameTags : (setting.data?.allowNameTags ?? false)}
        disabled={!setting.data || save.isPending}
        onChange={(e) => save.mutate({ allowNameTags: e.currentTarget.checked })}
      />
    </Card>
  );
}
