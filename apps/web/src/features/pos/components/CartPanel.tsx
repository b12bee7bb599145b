import { Badge, Button, Group, Paper, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { type CartTotals, formatMoney } from '@comanda/core';
import { type ReactNode, memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartLine } from '../cart.ts';
import classes from './pos.module.css';

/**
 * The ticket (SPEC §2 POS, issue 31): a fixed header (customer, dining option, table), the lines
 * scrolling between, and a fixed footer (totals, Draft, Send to Kitchen, Create Receipt & Pay), so the
 * table and the Send button never scroll away. A line is plain text: a tap opens its editor (quantity,
 * seat, notes), so a long ticket mounts no input. A tap re-renders the shell, the changed line and the
 * totals only: lines, options and buttons are memoised.
 */
export function CartPanel(props: {
  options: ReactNode;
  cart: readonly CartLine[];
  totals: CartTotals;
  currency: string;
  onEditLine: (uuid: string) => void;
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
      p="xs"
      className={classes.cart}
      component="section"
      aria-label={t('cart.label')}
    >
      <div className={classes.cartHeader}>{props.options}</div>
      <div className={classes.cartBody} data-testid="cart-lines">
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
            <CartLineRow key={l.uuid} line={l} currency={props.currency} onEdit={props.onEditLine} />
          ))
        )}
      </div>
      <div className={classes.cartFooter} data-testid="cart-footer">
        <Group justify="space-between" gap="xs" data-testid="cart-totals">
          <Text c="dimmed" fz="sm" lh={1.4}>
            {t('totals.items')} <span data-testid="items-total">{money(props.totals.itemsTotal)}</span>
            {' · '}
            {t('totals.tax')} <span data-testid="tax-total">{money(props.totals.taxTotal)}</span>
          </Text>
        </Group>
        <Group justify="space-between">
          <Text fw={700} fz="lg" lh={1.3}>
            {t('totals.payable')}
          </Text>
          <Text fw={700} fz="lg" lh={1.3} data-testid="payable-total">
            {money(props.totals.payableTotal)}
          </Text>
        </Group>
        <CartActions busy={props.busy} onDraft={props.onDraft} onSend={props.onSend} onPay={props.onPay} />
      </div>
    </Paper>
  );
}

/** One ticket line, a button: quantity, title, its options, seat and note, and the amount. */
const CartLineRow = memo(function CartLineRow({
  line: l,
  currency,
  onEdit,
}: {
  line: CartLine;
  currency: string;
  onEdit: (uuid: string) => void;
}) {
  const { t } = useTranslation('posTicket');
  const options = [l.variant, ...l.addons].filter(Boolean).join(', ');
  return (
    <UnstyledButton
      className={classes.line}
      onClick={() => onEdit(l.uuid)}
      data-testid="cart-line"
    >
      {/* The name is what the line shows (so a voice command can say it), then what a tap does. */}
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} lh={1.25}>
            <span data-testid="line-qty">{l.quantity}</span> × {l.title}
          </Text>
          {(options || l.seat) && (
            <Text fz="sm" c="dimmed" lh={1.25} lineClamp={1}>
              {[options, l.seat ? t('line.seatOf', { seat: l.seat }) : ''].filter(Boolean).join(' · ')}
            </Text>
          )}
          {l.notes && (
            <Text fz="sm" c="orange.9" fs="italic" lh={1.25} lineClamp={1} data-testid="line-notes">
              {l.notes}
            </Text>
          )}
        </div>
        <Text fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="line-amount">
          {formatMoney(l.unitMinor * l.quantity, currency)}
        </Text>
      </Group>
      <VisuallyHidden>{t('line.edit')}</VisuallyHidden>
    </UnstyledButton>
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
    <Stack gap={8} mt={4}>
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
