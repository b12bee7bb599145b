import { IconCreditCard } from '@tabler/icons-react';
import { Badge, Button, Checkbox, Switch } from '@mantine/core';
import { addPaymentTypeSchema, updatePaymentTypeSchema } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { useSaveMutation } from '../../lib/mutations.ts';
import { paymentTypesQueryOptions } from './api/get-payment-types.ts';
import {
  addPaymentType,
  deletePaymentType,
  makeDefaultPaymentType,
  togglePaymentType,
  updatePaymentType,
} from './api/mutations.ts';
import { TitleListPage } from './TitleListPage.tsx';

/** /dashboard/settings/payment-types: how guests pay, each switchable on and off. */
export function PaymentTypesPage() {
  const { t } = useTranslation('settings');
  const toggle = useSaveMutation({ mutationFn: togglePaymentType, changes: ['payment_type'] });
  const setCash = useSaveMutation({ mutationFn: updatePaymentType, changes: ['payment_type'] });
  const makeDefault = useSaveMutation({ mutationFn: makeDefaultPaymentType, changes: ['payment_type'] });
  return (
    <TitleListPage
      ns={{
        title: 'paymentTypes.title',
        subtitle: 'paymentTypes.subtitle',
        add: 'paymentTypes.add',
        update: 'paymentTypes.update',
        empty: 'paymentTypes.empty',
        emptyAction: 'paymentTypes.emptyAction',
        column: 'common.title',
      }}
      query={paymentTypesQueryOptions()}
      changes="payment_type"
      add={addPaymentType}
      update={({ id, title, row }) => updatePaymentType({ id, title, isActive: row.is_active })}
      remove={deletePaymentType}
      addSchema={addPaymentTypeSchema}
      updateSchema={updatePaymentTypeSchema}
      testId="payment-type-row"
      emptyIcon={IconCreditCard}
      extraColumn={[
        {
          header: 'paymentTypes.active',
          cell: (row) => (
            <Switch
              checked={row.is_active}
              aria-label={t('paymentTypes.activeFor', { title: row.title })}
              onChange={(e) => toggle.mutate({ id: row.id, isActive: e.currentTarget.checked })}
            />
          ),
        },
        {
          // Counted in the drawer at a shift's close (issue 15).
          header: 'paymentTypes.cash',
          cell: (row) => (
            <Checkbox
              size="md"
              // The row, like the theme's switches, is a 44 px target.
              styles={{ body: { minHeight: 44, alignItems: 'center' } }}
              checked={row.is_cash}
              aria-label={t('paymentTypes.cashFor', { title: row.title })}
              onChange={(e) =>
                setCash.mutate({ id: row.id, title: row.title, isCash: e.currentTarget.checked })
              }
            />
          ),
        },
        {
          // What pays a bill sent without a payment (issue 30); only an active type can be it.
          header: 'paymentTypes.default',
          cell: (row) =>
            row.is_default ? (
              <Badge variant="light" size="lg" data-testid="default-payment-type">
                {t('paymentTypes.isDefault')}
              </Badge>
            ) : row.is_active ? (
              <Button
                variant="default"
                size="sm"
                mih={44}
                // The name starts with the visible text, so speaking what is shown finds it (WCAG 2.5.3).
                aria-label={t('paymentTypes.makeDefaultFor', { title: row.title })}
                loading={makeDefault.isPending && makeDefault.variables === row.id}
                onClick={() => makeDefault.mutate(row.id)}
              >
                {t('paymentTypes.makeDefault')}
              </Button>
            ) : null,
        },
      ]}
    />
  );
}
