import { canOpen, type QrOrder } from '@comanda/core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { TableOrdersPage } from '../../features/orders/TableOrdersPage.tsx';
import { OPEN_QR_PARAM, QrOrdersStrip } from '../../features/qr-orders/components/QrOrdersStrip.tsx';
import { paths } from '../../lib/paths.ts';
import { subjectOf, useSessionUser } from '../../lib/session.ts';

/**
 * Table Orders with the qr-orders feature's strip above it: a waiter sees a diner's order waiting from
 * here too, and a tap opens it on the POS to accept (for those who may open the POS; others only see it).
 */
export function TableOrdersRoute() {
  const navigate = useNavigate();
  const user = useSessionUser('tenant');
  const mayAccept = !!user && canOpen(subjectOf(user), 'pos');
  const open = useCallback(
    (order: QrOrder) => void navigate(`${paths.dashboard.pos}?${OPEN_QR_PARAM}=${order.id}`),
    [navigate],
  );
  return (
    <>
      <QrOrdersStrip onOpen={mayAccept ? open : undefined} />
      <TableOrdersPage />
    </>
  );
}
