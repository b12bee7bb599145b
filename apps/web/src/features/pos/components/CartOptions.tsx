import { Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  DELIVERY_TYPES,
  NAME_TAG_MAX,
  type DeliveryType,
  type PickedCustomer,
  type QrOrder,
  type StoreTable,
} from '@comanda/core';
import { type ComponentType, memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerPickerProps } from '../../../lib/customer-picker.ts';
import classes from './pos.module.css';

/**
 * The top of the cart (SPEC §2 POS): customer box (lookup and Add New Customer, or the QR diner),
 * dining option and table (dine-in only; beside it a name tag when the store allows them). Memoised with stable setters from the screen: a tap that
 * adds an item re-renders none of these inputs.
 */
export const CartOptions = memo(function CartOptions(props: {
  CustomerPicker: ComponentType<CustomerPickerProps>;
  customer: PickedCustomer | null;
  onCustomer: (customer: PickedCustomer | null) => void;
  qrOrder: QrOrder | null;
  deliveryType: DeliveryType;
  onDeliveryType: (d: DeliveryType) => void;
  tables: readonly StoreTable[];
  tableId: number | null;
  onTable: (id: number | null) => void;
  allowNameTags: boolean;
  nameTag: string;
  onNameTag: (tag: string) => void;
}) {
  const { t } = useTranslation('pos');
  const tt = useTranslation('posTicket').t;
  const { CustomerPicker, customer, qrOrder, tables } = props;
  const dining = useMemo(() => DELIVERY_TYPES.map((d) => ({ value: d, label: t(`dining.${d}`) })), [t]);
  const tableOptions = useMemo(
    () =>
      tables.map((tb) => ({
        value: String(tb.id),
        label: tb.floor && tb.floor !== '-' ? `${tb.table_title} · ${tb.floor}` : tb.table_title,
      })),
    [tables],
  );

  return (
    <Stack gap={6}>
      <div className={classes.customerField}>
        <CustomerPicker
          value={customer}
          onChange={props.onCustomer}
          label={customer ? t('customer.label') : t('customer.walkin')}
          compact
        />
        {qrOrder && !customer && (
          <Text fz="sm" c="grape.8" fw={600} mt={4} data-testid="qr-customer">
            {t('customer.qr', {
              name: qrOrder.customer_name || t('qr.guest'),
              phone: qrOrder.customer_id ?? '',
            })}
          </Text>
        )}
      </div>
      <SegmentedControl
        fullWidth
        aria-label={t('dining.label')}
        value={props.deliveryType}
        onChange={(v) => props.onDeliveryType(v as DeliveryType)}
        data={dining}
        size="sm"
        classNames={{ control: classes.segment }}
      />
      {props.deliveryType === 'dinein' && (
        <Group gap="xs" wrap="nowrap" grow={props.allowNameTags}>
          <Select
            style={{ flex: 1 }}
            aria-label={t('table.label')}
            placeholder={t('table.placeholder')}
            data={tableOptions}
            value={props.tableId === null ? null : String(props.tableId)}
            onChange={(v) => props.onTable(v ? Number(v) : null)}
            // A tap on the table already chosen keeps it (the ticket keeps its table after a send, and a
            // waiter picks it again for the next round); the clear button takes it away.
            allowDeselect={false}
            clearable
            searchable={tables.length > 8}
            nothingFoundMessage={t('table.none')}
          />
          {props.allowNameTags && (
            <TextInput
              aria-label={tt('nameTag.label')}
              placeholder={tt('nameTag.placeholder')}
              value={props.nameTag}
              maxLength={NAME_TAG_MAX}
              onChange={(e) => props.onNameTag(e.currentTarget.value)}
              autoComplete="off"
            />
          )}
        </Group>
      )}
    </Stack>
  );
});
