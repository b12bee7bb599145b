import { Badge } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowsExchange,
  IconCheck,
  IconClock,
  IconFlame,
  IconPencil,
} from '@tabler/icons-react';
import type { KitchenLine, KitchenOrder } from '@comanda/core';
import { useTranslation } from 'react-i18next';
import { type CSSProperties, memo } from 'react';
import { useElapsedText, useLateness } from '../timer.ts';
import classes from './ticket.module.css';

/** Each lateness in colour AND words (and an icon), so it never rests on colour alone. */
const LATENESS = {
  ok: {
    bg: 'var(--mantine-color-dark-5)',
    fg: '#fff',
    border: 'var(--mantine-color-dark-4)',
    Icon: IconClock,
  },
  warn: { bg: '#ffd43b', fg: '#1a1b1e', border: '#ffd43b', Icon: IconAlertTriangle },
  late: { bg: '#c92a2a', fg: '#fff', border: '#ff6b6b', Icon: IconFlame },
} as const;

type OnItem = (order: KitchenOrder, item: KitchenLine, status: 'preparing' | 'completed') => void;

/**
 * One kitchen ticket, readable from two metres: the token, where it goes, how long it has waited
 * (amber, then red), its lines with one big button each, and Bump. A ticket changed after it was sent
 * says so, and its cancelled lines are struck through. It renders again only when its own ticket, its
 * lateness or its buttons' state change: the clock writes the timer's text by itself (../timer.ts).
 */
export const TicketCard = memo(function TicketCard({
  order,
  offset,
  thresholds,
  onItem,
  onBump,
  pendingItem,
  bumping,
}: {
  order: KitchenOrder;
  /** The server's clock minus this device's. */
  offset: number;
  thresholds: { warnMinutes: number; lateMinutes: number };
  onItem: OnItem;
  onBump: (order: KitchenOrder) => void;
  pendingItem: number | null;
  bumping: boolean;
}) {
  const { t } = useTranslation('kitchen');
  const lateness = useLateness(order.date, offset, thresholds);
  const timer = useElapsedText<HTMLParagraphElement>(order.date, offset);
  const look = LATENESS[lateness];
  const where = order.table_title
    ? order.floor
      ? t('ticket.tableFloor', { table: order.table_title, floor: order.floor })
      : order.table_title
    : // A dine-in order without a table goes to its name tag (issue 31).
      (order.name_tag ?? t(`delivery.${order.delivery_type}`));
  const colours = {
    '--ticket-border': look.border,
    '--ticket-bg': look.bg,
    '--ticket-fg': look.fg,
  } as CSSProperties;
  return (
    <article
      className={classes.card}
      style={colours}
      data-testid="ticket"
      data-token={order.token_no}
      data-lateness={lateness}
      data-changed={order.changed_at ? 'true' : undefined}
    >
      <header className={classes.header}>
        <div className={classes.who}>
          <p className={classes.token} data-testid="ticket-token">
            {t('ticket.token', { token: order.token_no })}
          </p>
          <p className={classes.where}>{where}</p>
        </div>
        <div className={classes.time}>
          <div className={classes.clock}>
            <look.Icon size={26} aria-hidden />
            <p ref={timer} className={classes.timer} data-testid="ticket-timer" />
          </div>
          <p className={classes.lateness} data-testid="ticket-lateness">
            {t(`lateness.${lateness}`)}
          </p>
        </div>
      </header>
      <div className={classes.body}>
        {order.changed_at && (
          <Badge
            color="grape"
            variant="filled"
            size="xl"
            radius="sm"
            leftSection={<IconPencil size={18} />}
            data-testid="ticket-changed"
          >
            {t('ticket.changed')}
          </Badge>
        )}
        {order.moved_from && (
          <Badge
            color="indigo.7"
            variant="filled"
            size="xl"
            radius="sm"
            leftSection={<IconArrowsExchange size={18} />}
            data-testid="ticket-moved"
          >
            {t('ticket.movedFrom', { table: order.moved_from })}
          </Badge>
        )}
        {order.customer_name && <p className={classes.guest}>{order.customer_name}</p>}
        <ul className={classes.lines}>
          {order.items.map((item) => (
            <TicketLine
              key={item.id}
              item={item}
              onItem={(line, status) => onItem(order, line, status)}
              loading={pendingItem === item.id}
            />
          ))}
        </ul>
        <button
          type="button"
          className={`${classes.action} ${classes.bump}`}
          onClick={() => onBump(order)}
          disabled={bumping}
          aria-busy={bumping}
        >
          {!bumping && <IconCheck size={24} aria-hidden />}
          {t('ticket.bump')}
        </button>
      </div>
    </article>
  );
});

function TicketLine({
  item,
  onItem,
  loading,
}: {
  item: KitchenLine;
  onItem: (item: KitchenLine, status: 'preparing' | 'completed') => void;
  loading: boolean;
}) {
  const { t } = useTranslation('kitchen');
  const dim = item.status === 'cancelled' || item.status === 'completed' || item.status === 'delivered';
  const next = item.status === 'created' ? 'preparing' : item.status === 'preparing' ? 'completed' : null;
  return (
    <li
      className={classes.line}
      data-testid="ticket-line"
      data-status={item.status}
      data-dim={dim || undefined}
    >
      <div className={classes.lineHead}>
        <div className={classes.lineText}>
          <p className={classes.title}>{t('line.qty', { qty: item.quantity, title: item.item_title })}</p>
          {item.variant_title && <p className={classes.strong}>{item.variant_title}</p>}
          {item.addons.length > 0 && <p>{item.addons.map((a) => `+ ${a.title}`).join(', ')}</p>}
          {item.seat !== null && (
            <p className={`${classes.strong} ${classes.seat}`} data-testid="line-seat">
              {t('line.seat', { seat: item.seat })}
            </p>
          )}
          {item.notes && <p className={classes.notes}>{t('line.notes', { notes: item.notes })}</p>}
          {item.void_reason && (
            <p className={classes.voidReason} data-testid="line-void-reason">
              {item.void_reason}
            </p>
          )}
        </div>
        {/* A voided line: stop making it (docs/voids.md). */}
        {item.voided_at && (
          <Badge
            size="xl"
            color="red"
            variant="filled"
            radius="sm"
            style={{ flexShrink: 0 }}
            data-testid="line-void"
          >
            {t('line.void')}
          </Badge>
        )}
        {item.status !== 'created' && !item.voided_at && (
          <p className={classes.state} data-status={item.status} data-testid="line-state">
            {t(`status.${item.status}`)}
          </p>
        )}
      </div>
      {/* Full width under the line: a big target for wet hands, and room for long titles. */}
      {next && (
        <button
          type="button"
          className={`${classes.action} ${next === 'preparing' ? classes.start : classes.complete}`}
          onClick={() => onItem(item, next)}
          disabled={loading}
          aria-busy={loading}
        >
          {t(next === 'preparing' ? 'line.start' : 'line.complete')}
        </button>
      )}
    </li>
  );
}
