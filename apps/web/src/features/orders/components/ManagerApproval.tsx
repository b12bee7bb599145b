import { Alert, Button, Group, PasswordInput, Select, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { type Discount, approvalKey } from '@comanda/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/toast.ts';
import { approversQueryOptions, requestApproval } from '../api/approvals.ts';
import type { Approval } from '../bill-extras.ts';

/**
 * A discount above the owner's threshold, asked of a cashier without MANAGER: a manager picks their name
 * and types their PIN here (docs/discounts.md). The approval is for exactly these orders and discounts:
 * change either and it is asked again. Needs the server: an approval is never made offline.
 */
export function ManagerApproval({
  threshold,
  orderIds,
  discounts,
  approval,
  onApproval,
  ready,
}: {
  threshold: number;
  orderIds: number[];
  discounts: Discount[];
  approval: Approval | null;
  onApproval: (approval: Approval) => void;
  /** The discounts are complete (reasons given, figures valid): only then can they be approved. */
  ready: boolean;
}) {
  const { t } = useTranslation('orders');
  const approvers = useQuery({ ...approversQueryOptions(), enabled: approval === null });
  const [userId, setUserId] = useState<string | null>(null);
  const [pin, setPin] = useState('');
  const chosen = userId ?? (approvers.data?.length === 1 ? String(approvers.data[0]?.id) : null);
  const approve = useMutation({
    mutationFn: () =>
      requestApproval({ orderIds, discounts, userId: Number(chosen), pin }).then((a) => ({
        id: a.approvalId,
        approver: a.approver.name,
        key: approvalKey(orderIds, discounts),
        expiresAt: Date.parse(a.expiresAt),
      })),
    onSuccess: (a) => {
      setPin('');
      onApproval(a);
    },
    onError: () => setPin(''),
  });

  // Orders taken offline have no server id yet: the approval is for the server's orders.
  const unsynced = orderIds.some((id) => id <= 0);
  const canAsk = chosen !== null && pin.length >= 4 && ready && !unsynced && !approve.isPending;

  if (approval)
    return (
      <Alert color="teal" variant="light" icon={<IconShieldCheck size={18} />} data-testid="extras-approved">
        {t('extras.approvedBy', { name: approval.approver })}
      </Alert>
    );

  const error = approve.error
    ? approve.error instanceof ApiError
      ? errorText(approve.error, 'Something went wrong!')
      : t('extras.approveOffline')
    : undefined;
  return (
    // A group of controls, not a live region: role="alert" would announce every keystroke's re-render.
    <Alert
      color="yellow"
      variant="light"
      role="group"
      aria-labelledby="manager-needed"
      data-testid="extras-manager"
    >
      <Stack gap="xs">
        <Text fz="sm" id="manager-needed">
          {t('extras.needsManager', { percent: threshold })}
        </Text>
        {unsynced ? (
          <Text fz="sm" c="dimmed">
            {t('extras.approveUnsynced')}
          </Text>
        ) : approvers.data?.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('extras.noApprovers')}
          </Text>
        ) : (
          // Not a form of its own: it sits inside the pay form, and Enter here must approve, not pay.
          <Group gap="xs" align="flex-start" wrap="wrap">
            <Select
              label={t('extras.manager')}
              data={(approvers.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
              value={chosen}
              onChange={setUserId}
              allowDeselect={false}
              w={200}
            />
            <PasswordInput
              label={t('extras.managerPin')}
              value={pin}
              onChange={(e) => setPin(e.currentTarget.value.replace(/\D/g, '').slice(0, 8))}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return;
                e.preventDefault();
                if (canAsk) approve.mutate();
              }}
              inputMode="numeric"
              autoComplete="one-time-code"
              w={200}
              error={error}
            />
            <Button
              mt={25}
              h={44}
              loading={approve.isPending}
              disabled={!canAsk}
              onClick={() => approve.mutate()}
            >
              {t('extras.approve')}
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
