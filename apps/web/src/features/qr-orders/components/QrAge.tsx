import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { minutesBetween, useTick } from '../age.ts';
import classes from './qr-orders.module.css';

/** A QR order is waiting long from this many minutes: its age turns red. */
export const LATE_MINUTES = 5;

/**
 * How long ago a QR order was placed ("just now", "3 min"), on the server's clock (`offset`: server
 * minus device). The only part of the strip that ticks.
 */
export const QrAge = memo(function QrAge({
  since,
  offset,
  warn = false,
}: {
  since: string;
  offset: number;
  /** Red from LATE_MINUTES (a waiting order); a sent one stays calm. */
  warn?: boolean;
}) {
  const { t } = useTranslation('qrOrders');
  const minutes = minutesBetween(since, useTick() + offset);
  return (
    <span
      className={classes.age}
      data-testid="qr-age"
      data-late={warn && minutes >= LATE_MINUTES ? 'true' : undefined}
    >
      {minutes === 0 ? t('age.now') : t('age.minutes', { count: minutes })}
    </span>
  );
});
