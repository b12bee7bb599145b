import { queryOptions } from '@tanstack/react-query';
import type { SetupChecklist } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** The guided setup's one cached answer (issue 31): ticked by the server from the store's data. */
export const setupChecklistQueryKey = ['setup-checklist'] as const;

/** GET /setup/checklist: refetched on every visit, since each tick follows work done on other screens. */
export const setupChecklistQueryOptions = () =>
  queryOptions({
    queryKey: setupChecklistQueryKey,
    queryFn: () => apiRequest<SetupChecklist>('/setup/checklist'),
    staleTime: 0,
    refetchOnMount: 'always',
  });

/** POST /setup/dismiss: hides the checklist from Home for the whole store; answers the checklist. */
export const dismissSetupChecklist = () => apiRequest<SetupChecklist>('/setup/dismiss', { method: 'POST' });
