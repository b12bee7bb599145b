import { queryOptions } from '@tanstack/react-query';
import type { ManagerApproval, ManagerApprovalInput } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /discounts/approvers: the managers who can approve with a PIN at this terminal. */
export const approversQueryOptions = () =>
  queryOptions({
    queryKey: ['discounts', 'approvers'] as const,
    queryFn: () =>
      apiRequest<{ approvers: { id: number; name: string }[] }>('/discounts/approvers').then(
        (r) => r.approvers,
      ),
  });

/** POST /discounts/approvals: a manager's PIN typed on this device, for these orders and discounts. */
export const requestApproval = (body: ManagerApprovalInput) =>
  apiRequest<ManagerApproval>('/discounts/approvals', { method: 'POST', body });
