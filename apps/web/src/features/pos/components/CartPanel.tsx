import {
  ActionIcon,
  Badge,
  Button,
  Divider,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconMinus, IconPlus, IconReceipt } from '@tabler/icons-react';
import {
  CART_NOTES_MAX,
  type CartTotals,
  DELIVERY_TYPES,
  type DeliveryType,
  type StoreTable,
  formatMoney,
} from '@comanda/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartLine } from '../cart.ts';
import classes from './pos.module.css';

/**
 * The right panel (SPEC §2 POS): customer box, dining option, table (dine-in only), the cart lines
 * with notes and quantity controls, the totals and the Draft, Send to Kitchen and Create Receipt & Pay
 * buttons. Always beside the grid.
 */
export function CartPanel(props: {
  customerBox: ReactNode;
  deliveryType: DeliveryType;
  onDeliveryType: (d: DeliveryType) => void;
  tables: readonly StoreTable[];
  tableId: number | null;
  onTable: (id: number | null) => void;
  cart: readonly CartLine[];
  totals: CartTotals;
  currency: string;
  onQuantity: (uuid: string, delta: number) => void;
  onNotes: (uuid: string, notes: string) => void;
  tokenNo: number | null;
  busy: boolean;
  onDraft: () => void;
  onSend: () => void;
  onPay: () => void;
}) {
  const { t } = useTranslation('pos');
  const money = (minor: number) => formatMoney(minor, props.currency);

  return (
    <Paper
      withBorder
      radius="lg"
      p="sm"
      className={classes.cart}
      component="section"
      aria-label={t('cart.label')}
    >
      <div className={classes.cartBody}>
        <Stack gap="xs">
          {props.customerBox}
          <SegmentedControl
            fullWidth
            aria-label={t('dining.label')}
            value={props.deliveryType}
            onChange={(v) => props.onDeliveryType(v as DeliveryType)}
            data={DELIVERY_TYPES.map((d) => ({ value: d, label: t(`dining.${d}`) }))}
            size="sm"
            classNames={{ control: classes.segment }}
          />
          {props.deliveryType === 'dinein' && (
            <Select
              aria-label={t('table.label')}
              placeholder={t('table.placeholder')}
              data={props.tables.map((tb) => ({
                value: String(tb.id),
                label: tb.floor && tb.floor !== '-' ? `${tb.table_title} · ${tb.floor}` : tb.table_title,
              }))}
              value={props.tableId === null ? null : String(props.tableId)}
              onChange={(v) => props.onTable(v ? Number(v) : null)}
              clearable
              searchable={props.tables.length > 8}
              nothingFoundMessage={t('table.none')}
            />
          )}
        </Stack>
        <Divider my="xs" />
        <div data-testid="cart-lines">
          {props.cart.length === 0 ? (
            <Stack gap={4} align="center" py="lg">
              <Text c="dimmed" ta="center">
                {t('cart.empty')}
              </Text>
              {props.tokenNo !== null && (
                <Badge size="xl" variant="light" data-testid="last-token">
                  {t('cart.token', { token: props.tokenNo })}
                </Badge>
              )}
            </Stack>
          ) : (
            <Stack gap="sm">
              {props.cart.map((l, i) => (
                <Stack key={l.uuid} gap={6} data-testid="cart-line">
                  <Group justify="space-between" wrap="nowrap" align="center" gap="xs">
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} lh={1.3}>
                        {l.title}
                      </Text>
                      {(l.variant || l.addons.length > 0) && (
                        <Text fz="sm" c="dimmed" lh={1.3}>
                          {[l.variant, ...l.addons].filter(Boolean).join(', ')}
                        </Text>
                      )}
                    </div>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="default"
                        aria-label={t('cart.less', { title: l.title })}
                        onClick={() => props.onQuantity(l.uuid, -1)}
                      >
                        <IconMinus size={18} />
                      </ActionIcon>
                      <Text fw={700} miw={28} ta="center" data-testid="line-qty">
                        {l.quantity}
                      </Text>
                      <ActionIcon
                        variant="default"
                        aria-label={t('cart.more', { title: l.title })}
                        onClick={() => props.onQuantity(l.uuid, 1)}
                      >
                        <IconPlus size={18} />
                      </ActionIcon>
                    </Group>
                  </Group>
                  <Group gap="xs" wrap="nowrap">
                    <TextInput
                      style={{ flex: 1, minWidth: 0 }}
                      aria-label={t('cart.notes', { title: l.title })}
                      placeholder={t('cart.notesHint')}
                      value={l.notes}
                      maxLength={CART_NOTES_MAX}
                      onChange={(e) => props.onNotes(l.uuid, e.currentTarget.value)}
                      autoComplete="off"
                    />
                    <Text
                      fw={600}
                      miw={64}
                      ta="right"
                      style={{ whiteSpace: 'nowrap' }}
                      data-testid="line-amount"
                    >
                      {money(l.unitMinor * l.quantity)}
                    </Text>
                  </Group>
                  {i < props.cart.length - 1 && <Divider />}
                </Stack>
              ))}
            </Stack>
          )}
        </div>
      </div>
      <Divider mb="xs" />
      <Stack gap={0} data-testid="cart-totals">
        <Group justify="space-between">
          <Text c="dimmed" fz="sm">
            {t('totals.items')}
          </Text>
          <Text fz="sm" data-testid="items-total">
            {money(props.totals.itemsTotal)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text c="dimmed" fz="sm">
            {t('totals.tax')}
          </Text>
          <Text fz="sm" data-testid="tax-total">
            {money(props.totals.taxTotal)}
          </Text>
        </Group>
        <Group justify="space-between">
          <Text fw={700} fz="lg">
            {t('totals.payable')}
          </Text>
          <Text fw={700} fz="lg" data-testid="payable-total">
            {money(props.totals.payableTotal)}
          </Text>
        </Group>
      </Stack>
      <Stack gap="xs" mt="sm">
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" onClick={props.onDraft} disabled={props.busy}>
            {t('actions.draft')}
          </Button>
          <Button variant="light" onClick={props.onSend} loading={props.busy} style={{ flex: 1 }}>
            {t('actions.send')}
          </Button>
        </Group>
        <Button leftSection={<IconReceipt size={18} />} onClick={props.onPay} disabled={props.busy}>
          {t('actions.pay')}
        </Button>
      </Stack>
    </Paper>
  );
}
