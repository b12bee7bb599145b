import { Badge, Button } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

/** Header buttons a little narrower than usual: title and four buttons share one row at 1024 px. */
const HEADER_PX = 14;

/**
 * The POS header's buttons (SPEC §2 POS): New, QR Menu Orders with its red count badge, Drafts List,
 * Table Orders. Memoised: a tap in the grid does not re-render them.
 */
export const PosActions = memo(function PosActions({
  qrCount,
  onNew,
  onQr,
  onDrafts,
}: {
  qrCount: number;
  onNew: () => void;
  onQr: () => void;
  onDrafts: () => void;
}) {
  const { t } = useTranslation('pos');
  return (
    <>
      <Button variant="default" px={HEADER_PX} onClick={onNew}>
        {t('header.new')}
      </Button>
      <Button
        variant="default"
        px={HEADER_PX}
        rightSection={
          qrCount > 0 ? (
            <Badge color="red" variant="filled" circle={qrCount < 10} data-testid="qr-count">
              {qrCount}
            </Badge>
          ) : null
        }
        onClick={onQr}
      >
        {t('header.qr')}
      </Button>
      <Button variant="default" px={HEADER_PX} onClick={onDrafts}>
        {t('header.drafts')}
      </Button>
      <Button component={Link} to={paths.dashboard.orders} variant="light" px={HEADER_PX}>
        {t('header.orders')}
      </Button>
    </>
  );
});
