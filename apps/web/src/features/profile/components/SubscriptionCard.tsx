import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError, Loading } from '../../../components/LoadState.tsx';
import { paths } from '../../../lib/paths.ts';
import {
  cancelSubscription,
  startCheckout,
  subscriptionQueryKey,
  subscriptionQueryOptions,
} from '../../../lib/subscription.ts';
import { toast } from '../../../lib/toast.ts';

/**
 * The admin's subscription card on the profile (SPEC §2 Profile): Status Active/In-Active, 'Renews at'
 * the first 10 characters of subscription_end, and Cancel Subscription after a warning that access ends
 * at once (then the inactive-subscription page). An inactive tenant with billing on may subscribe here,
 * unless the Comanda administrator suspended it (paying would not lift that).
 */
export function SubscriptionCard() {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const details = useQuery(subscriptionQueryOptions());

  const cancel = useMutation({
    mutationFn: async (id: string) => {
      const loading = toast.loading('Please wait...');
      try {
        return await cancelSubscription(id);
      } finally {
        toast.dismiss(loading);
      }
    },
    onSuccess: async (res) => {
      toast.success(res.message);
      await queryClient.invalidateQueries({ queryKey: subscriptionQueryKey });
      void navigate(paths.dashboard.inactiveSubscription, { replace: true });
    },
    onError: (error) =>
      toast.fromError(error, "We're getting issue while processing your request, Please try later!"),
  });
  const checkout = useMutation({
    mutationFn: startCheckout,
    onError: (error) =>
      toast.fromError(error, "We're getting issue while processing your request, Please try later!"),
  });

  const confirmCancel = (id: string) =>
    modals.openConfirmModal({
      title: t('subscription.cancelTitle'),
      children: <Text>{t('subscription.cancelWarning')}</Text>,
      labels: { confirm: t('subscription.cancelConfirm'), cancel: t('subscription.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () => cancel.mutate(id),
    });

  return (
    <Card component="section" withBorder radius="lg" padding="xl" aria-labelledby="subscription-title">
      <Stack>
        <Title order={2} fz="h4" id="subscription-title">
          {t('subscription.title')}
        </Title>
        {details.isPending ? (
          <Loading />
        ) : details.isError ? (
          <LoadError message="Error loading the subscription details! Try later!" />
        ) : (
          <>
            <Group gap="xs">
              <Text c="dimmed" fz="sm">
                {t('subscription.status')}
              </Text>
              <Badge color={details.data.is_active ? 'teal' : 'red'} variant="light" size="lg" tt="none">
                {details.data.is_active ? t('subscription.active') : t('subscription.inactive')}
              </Badge>
            </Group>
            {details.data.subscription_end && details.data.subscription_id && (
              <Group gap="xs">
                <Text c="dimmed" fz="sm">
                  {t('subscription.renewsAt')}
                </Text>
                <Text fz="sm" fw={600} data-testid="subscription-renews-at">
                  {details.data.subscription_end.slice(0, 10)}
                </Text>
              </Group>
            )}
            {details.data.billing === 'off' && (
              <Text c="dimmed" fz="sm">
                {t('subscription.billingOff')}
              </Text>
            )}
            {details.data.suspended && (
              <Text c="red" fz="sm">
                {t('subscription.suspended')}
              </Text>
            )}
            <Group justify="flex-end">
              {details.data.subscription_id ? (
                <Button
                  color="red"
                  variant="light"
                  loading={cancel.isPending}
                  onClick={() => confirmCancel(details.data.subscription_id ?? '')}
                >
                  {t('subscription.cancel')}
                </Button>
              ) : (
                !details.data.is_active &&
                !details.data.suspended &&
                details.data.billing === 'stripe' && (
                  <Button
                    loading={checkout.isPending || checkout.isSuccess}
                    onClick={() => checkout.mutate()}
                  >
                    {t('subscription.subscribe')}
                  </Button>
                )
              )}
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
