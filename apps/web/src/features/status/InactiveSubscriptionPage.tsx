import { Alert, Anchor, Button, Stack, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconBan, IconInfoCircle, IconLogout, IconReceiptOff } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlanCard } from '../../components/PlanCard.tsx';
import { LoadError } from '../../components/LoadState.tsx';
import { planQueryOptions, startCheckout, subscriptionQueryOptions } from '../../lib/subscription.ts';
import { toast } from '../../lib/toast.ts';
import { useSessionUser } from '../../lib/session.ts';
import { useSignOut } from '../../lib/sign-out.ts';
import { StatusScreen } from './components/StatusScreen.tsx';
import { paths } from '../../lib/paths.ts';

/**
 * Where any 402 lands (SPEC §8): only an admin may subscribe (SPEC §6). A business the Comanda
 * administrator suspended is told so instead, and offered no payment (paying would not lift it).
 */
export function InactiveSubscriptionPage() {
  const { t } = useTranslation('status');
  const user = useSessionUser('tenant');
  const { signOut, pending } = useSignOut('tenant');
  const details = useQuery(subscriptionQueryOptions());
  const isAdmin = user?.role === 'admin';

  const logout = (
    <Anchor
      component={Link}
      to={paths.login}
      c="dimmed"
      fw={500}
      size="sm"
      aria-disabled={pending}
      onClick={(e) => {
        e.preventDefault();
        void signOut();
      }}
    >
      <IconLogout size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
      {t('inactive.logout')}
    </Anchor>
  );

  if (details.data?.suspended) {
    return (
      <StatusScreen
        icon={<IconBan size={32} />}
        color="red"
        title={t('inactive.suspendedTitle')}
        text={t('inactive.suspendedText')}
        below={logout}
      />
    );
  }

  return (
    <StatusScreen
      icon={<IconReceiptOff size={32} />}
      color="orange"
      title={t('inactive.title')}
      text={isAdmin ? t('inactive.adminText') : undefined}
      below={
        <>
          {/* Not before the details say whether the business is suspended. */}
          {isAdmin && !details.isPending && <PlanCard action={<SubscribeAction />} />}
          {logout}
        </>
      }
    >
      {!isAdmin && (
        <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />} ta="left" w="100%">
          {t('inactive.askAdmin')}
        </Alert>
      )}
    </StatusScreen>
  );
}

/**
 * The plan card's Subscribe (admin only): sends the browser to the card provider's payment page when
 * this server bills (BILLING=stripe), else stays disabled with a tooltip saying why.
 */
function SubscribeAction() {
  const { t } = useTranslation('status');
  const details = useQuery(subscriptionQueryOptions());
  const billing = details.data?.billing === 'stripe' ? details.data : undefined;
  const plan = useQuery(planQueryOptions(billing?.price_id ?? null));
  const checkout = useMutation({
    mutationFn: startCheckout,
    onError: (error) =>
      toast.fromError(error, "We're getting issue while processing your request, Please try later!"),
  });

  if (details.isError) return <LoadError message="Error loading the subscription details! Try later!" />;
  if (details.data && !billing) {
    return (
      // A disabled button swallows hover, so it is only marked disabled and keeps its tooltip.
      <Tooltip label={t('inactive.billingOff')} withArrow>
        <Button fullWidth size="lg" data-disabled aria-disabled onClick={(e) => e.preventDefault()}>
          {t('inactive.subscribe')}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Stack gap="sm">
      {plan.isError && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
          {t("Can't retrieve the product subscription, Please try after sometime!")}
        </Alert>
      )}
      <Button
        fullWidth
        size="lg"
        loading={details.isPending || plan.isPending || checkout.isPending || checkout.isSuccess}
        disabled={plan.isError}
        onClick={() => checkout.mutate()}
      >
        {t('inactive.subscribe')}
      </Button>
    </Stack>
  );
}
