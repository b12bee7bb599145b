import {
  ActionIcon,
  Badge,
  Button,
  Divider,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconMinus, IconPlus, IconReceipt } from '@tabler/icons-react';
import { CART_NOTES_MAX, type CartTotals, formatMoney } from '@comanda/core';
import { type ReactNode, memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartLine } from '../cart.ts';
import classes from './pos.module.css';

/**
 * The right panel (SPEC §2 POS): the options on top (customer, dining option, table), the cart lines
 * with notes and quantity controls, the totals and the Draft, Send to Kitchen and Create Receipt & Pay
 * buttons. Always beside the grid. A tap re-renders the panel's shell, the changed line and the
 * totals: the lines and the options are memoised (a tap shows within a frame with a long cart).
 */
export function CartPanel(props: {
  options: ReactNode;
  cart: readonly CartLine[];
  totals: CartTotals;
  currency: string;
  onQuantity: (uuid: string, delta: number) => void;
  onNotes: (uuid: string, notes: string) => void;
  onSeat: (uuid: string, seat: number | null) => void;
  /** The last order's token: the server's, or the provisional one ("P3") until it syncs. */
  tokenNo: number | string | null;
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
        {props.options}
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
            props.cart.map((l) => (
              <CartLineRow
                key={l.uuid}
                line={l}
                currency={props.currency}
                onQuantity={props.onQuantity}
                onNotes={props.onNotes}
                onSeat={props.onSeat}
              />
            ))
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
      <CartActions busy={props.busy} onDraft={props.onDraft} onSend={props.onSend} onPay={props.onPay} />
    </Paper>
  );
}

// The seats a line can be set to: a table of twelve at most is what a waiter picks from a list.
const SEATS = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));

/** One cart line: title, variant and addons, quantity controls, notes and amount. */
const CartLineRow = memo(function CartLineRow({
  line: l,
  currency,
  onQuantity,
  onNotes,
  onSeat,
}: {
  line: CartLine;
  currency: string;
  onQuantity: (uuid: string, delta: number) => void;
  onNotes: (uuid: string, notes: string) => void;
  onSeat: (uuid: string, seat: number | null) => void;
}) {
  const { t } = useTranslation('pos');
  return (
    <Stack gap={6} className={classes.line} data-testid="cart-line">
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
            onClick={() => onQuantity(l.uuid, -1)}
          >
            <IconMinus size={18} />
          </ActionIcon>
          <Text fw={700} miw={28} ta="center" data-testid="line-qty">
            {l.quantity}
          </Text>
          <ActionIcon
            variant="default"
            aria-label={t('cart.more', { title: l.title })}
            onClick={() => onQuantity(l.uuid, 1)}
          >
            <IconPlus size={18} />
          </ActionIcon>
        </Group>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Select
          w={92}
          aria-label={t('cart.seat', { title: l.title })}
          placeholder={t('cart.seatHint')}
          data={SEATS}
          value={l.seat ? String(l.seat) : null}
          onChange={(v) => onSeat(l.uuid, v ? Number(v) : null)}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          style={{ flex: 1, minWidth: 0 }}
          aria-label={t('cart.notes', { title: l.title })}
          placeholder={t('cart.notesHint')}
          value={l.notes}
          maxLength={CART_NOTES_MAX}
          onChange={(e) => onNotes(l.uuid, e.currentTarget.value)}
          autoComplete="off"
        />
        <Text fw={600} miw={64} ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="line-amount">
          {formatMoney(l.unitMinor * l.quantity, currency)}
        </Text>
      </Group>
    </Stack>
  );
});

/** Draft, Send to Kitchen and Create Receipt & Pay: memoised, they change only while a call is out. */
const CartActions = memo(function CartActions(props: {
  busy: boolean;
  onDraft: () => void;
  onSend: () => void;
  onPay: () => void;
}) {
  const { t } = useTranslation('pos');
  return (
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
  );
});
