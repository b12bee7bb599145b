import { ActionIcon, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBell, IconBellOff, IconQrcode } from '@tabler/icons-react';
import type { LiveQrOrders, QrOrder } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { memo, useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useChime } from '../../../lib/chime.ts';
import type { QrOrdersStripProps } from '../../../lib/qr-orders-strip.ts';
import { liveQrOrdersQueryOptions } from '../api/get-live-qr-orders.ts';
import { QrAge } from './QrAge.tsx';
import classes from './qr-orders.module.css';

/** Rising three notes, unlike the kitchen's two: a waiter tells a diner's order from a ticket by ear. */
const QR_ORDER_CHIME = { notes: [659, 880, 1319], gap: 0.14, ring: 0.45, mutedKey: 'comanda.qr-orders.muted' };

/** The search parameter Table Orders opens the POS with: the waiting QR order to load (`?qr=12`). */
export const OPEN_QR_PARAM = 'qr';

type Sent = LiveQrOrders['sent'][number];

/**
 * The waiting QR orders, on every POS and Table Orders (issue 31, docs/qr-menu-web.md): one large chip
 * per order with its table and age, readable across the room, oldest first; tapping one opens it to
 * accept. QR orders the store sent straight to the kitchen show for a while as "sent to kitchen". A
 * new one chimes (once the screen has been tapped: browsers keep sound off until then). Nothing shows
 * while no QR order waits.
 */
export function QrOrdersStrip({ onOpen }: QrOrdersStripProps) {
  const { t } = useTranslation('qrOrders');
  const live = useQuery(liveQrOrdersQueryOptions());
  const sound = useChime(QR_ORDER_CHIME);
  const [announced, setAnnounced] = useState('');

  // A chime when a refetch brings a QR order not seen before; the first load is not news.
  const seen = useRef<Set<number> | null>(null);
  const { chime } = sound;
  useEffect(() => {
    if (!live.data) return;
    const all = [...live.data.waiting, ...live.data.sent];
    const fresh = seen.current === null ? [] : all.filter((o) => !seen.current?.has(o.id));
    seen.current = new Set([...(seen.current ?? []), ...all.map((o) => o.id)]);
    const [first] = fresh;
    if (!first) return;
    chime();
    setAnnounced(t('announce', { table: placeOf(first, t) }));
  }, [live.data, chime, t]);

  // Table Orders sends a tap here as `?qr=<id>`: the order opens once it is in the list.
  const [params, setParams] = useSearchParams();
  const linked = Number(params.get(OPEN_QR_PARAM));
  useEffect(() => {
    if (!linked || !live.data || !onOpen) return;
    const order = live.data.waiting.find((o) => o.id === linked);
    setParams(
      (p) => {
        p.delete(OPEN_QR_PARAM);
        return p;
      },
      { replace: true },
    );
    if (order) onOpen(order);
  }, [linked, live.data, onOpen, setParams]);

  const data = live.data;
  const announcer = (
    <VisuallyHidden role="status" aria-live="polite">
      {announced}
    </VisuallyHidden>
  );
  if (!data || (data.waiting.length === 0 && data.sent.length === 0)) return announcer;
  const offset = Date.parse(data.now) - live.dataUpdatedAt;

  return (
    <section className={classes.strip} aria-label={t('title')} data-testid="qr-strip">
      {announcer}
      <div className={classes.head}>
        <IconQrcode size={22} aria-hidden />
        <span className={classes.headText}>
          {data.waiting.length > 0 ? t('waiting', { count: data.waiting.length }) : t('title')}
        </span>
        <Tooltip label={sound.muted ? t('sound.off') : t('sound.on')}>
          <ActionIcon
            variant="subtle"
            color="dark"
            size={44}
            aria-label={t('sound.label')}
            aria-pressed={sound.muted}
            data-testid="qr-mute"
            onClick={sound.toggleMuted}
          >
            {sound.muted ? <IconBellOff size={20} /> : <IconBell size={20} />}
          </ActionIcon>
        </Tooltip>
      </div>
      <div className={classes.chips}>
        {data.waiting.map((order) => (
          <WaitingChip key={order.id} order={order} offset={offset} onOpen={onOpen} />
        ))}
        {data.sent.map((order) => (
          <SentChip key={order.id} order={order} offset={offset} />
        ))}
      </div>
    </section>
  );
}

/** "Table T4", or how the order goes when it has no table. */
function placeOf(
  order: Pick<QrOrder, 'table_title' | 'delivery_type'>,
  t: TFunction<'qrOrders'>,
) {
  return order.table_title ? t('table', { table: order.table_title }) : t(`dining.${order.delivery_type}`);
}

const WaitingChip = memo(function WaitingChip({
  order,
  offset,
  onOpen,
}: {
  order: QrOrder;
  offset: number;
  onOpen: ((order: QrOrder) => void) | undefined;
}) {
  const { t } = useTranslation('qrOrders');
  const items = order.items.reduce((n, line) => n + line.quantity, 0);
  const body = (
    <>
      <span className={classes.line}>
        <span className={classes.place}>{placeOf(order, t)}</span>
        <span aria-hidden> · </span>
        <QrAge since={order.created_at} offset={offset} warn />
      </span>
      <span className={classes.detail}>
        {order.customer_name || t('guest')} · {t('items', { count: items })}
      </span>
    </>
  );
  if (!onOpen)
    return (
      <div className={classes.chip} data-kind="waiting" data-testid="qr-waiting">
        {body}
      </div>
    );
  return (
    <UnstyledButton
      className={classes.chip}
      data-kind="waiting"
      data-testid="qr-waiting"
      // Named by what it shows (table, age, guest, items): a spoken name that differs from the text
      // would leave a voice-control user guessing what to say.
      onClick={() => onOpen(order)}
    >
      {body}
    </UnstyledButton>
  );
});

const SentChip = memo(function SentChip({ order, offset }: { order: Sent; offset: number }) {
  const { t } = useTranslation('qrOrders');
  return (
    <div className={classes.chip} data-kind="sent" data-testid="qr-sent">
      <span className={classes.line}>
        <span className={classes.place}>{placeOf(order, t)}</span>
        <span aria-hidden> · </span>
        <QrAge since={order.created_at} offset={offset} />
      </span>
      <span className={classes.detail}>{t('sent', { token: order.token_no })}</span>
    </div>
  );
});
