import { type OrderSummary, canDo } from '@comanda/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { subjectOf, useSessionUser } from '../../lib/session.ts';
import { billSettingsQueryOptions } from './api/bill-settings.ts';
import {
  type Approval,
  type CarriedExtras,
  type ExtrasInput,
  NO_EXTRAS,
  currentApproval,
  extrasFigures,
} from './bill-extras.ts';

/**
 * The discounts, tip, guests and manager approval of a pay dialog (Pay & Complete, Split & pay): the
 * typed fields, what they make of the bill's billable lines, and whether they stop the payment.
 * `fields` are BillExtrasFields' props; `approvalId` goes in the pay call.
 */
export function useBillExtras(summary: OrderSummary, digits: number, carried?: CarriedExtras) {
  const settings = useQuery(billSettingsQueryOptions()).data;
  const user = useSessionUser('tenant');
  const canApprove = user ? canDo(subjectOf(user), 'discounts.approve') : false;
  const [extras, setExtras] = useState<ExtrasInput>(carried?.extras ?? NO_EXTRAS);
  const [given, setGiven] = useState<Approval | null>(carried?.approval ?? null);
  const items = useMemo(
    () => summary.orders.flatMap((o) => o.items).filter((i) => i.status !== 'cancelled'),
    [summary.orders],
  );
  const orderIds = useMemo(() => summary.orders.map((o) => o.id), [summary.orders]);
  const figures = useMemo(
    () => extrasFigures(items, extras, settings, digits),
    [items, extras, settings, digits],
  );
  // An approval is gone when it expires (the box asks again), and holds only while the dialog still
  // holds what it was given for.
  useEffect(() => {
    if (!given) return;
    const timer = setTimeout(() => setGiven(null), Math.max(0, given.expiresAt - Date.now()));
    return () => clearTimeout(timer);
  }, [given]);
  const approval = currentApproval(given, orderIds, figures.body.discounts);
  const blocked =
    figures.error !== null ||
    figures.reasonMissing ||
    (figures.aboveThreshold && !canApprove && approval === null);
  return {
    items,
    figures,
    blocked,
    approvalId: figures.aboveThreshold ? (approval?.id ?? null) : null,
    /** What another pay dialog starts from (Pay & Complete → Split & pay). */
    carry: { extras, approval: given } satisfies CarriedExtras,
    /** After a refused pay: the approval may be what was refused, and it is used or void either way. */
    resetApproval: () => setGiven(null),
    fields: {
      value: extras,
      onChange: setExtras,
      figures,
      settings,
      canApprove,
      items,
      orderIds,
      approval,
      onApproval: setGiven,
    },
  };
}
