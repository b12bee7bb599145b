import type { CloseShiftInput, ShiftMovementInput, Shift, ZReport } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

// Each call carries an Idempotency-Key made when the form opened: a repeated tap or a retry after a
// lost answer does not move the money twice.
const headers = (key: string) => ({ 'Idempotency-Key': key });

export const openShift = ({ float, key }: { float: string; key: string }) =>
  apiRequest<{ message: string; shift: Shift }>('/shifts/open', {
    method: 'POST',
    body: { float },
    headers: headers(key),
  });

export const moveDrawer = ({ id, body, key }: { id: number; body: ShiftMovementInput; key: string }) =>
  apiRequest<{ message: string }>(`/shifts/${id}/movements`, { method: 'POST', body, headers: headers(key) });

export const closeShift = ({ id, body, key }: { id: number; body: CloseShiftInput; key: string }) =>
  apiRequest<{ message: string; report: ZReport }>(`/shifts/${id}/close`, {
    method: 'POST',
    body,
    headers: headers(key),
  });
