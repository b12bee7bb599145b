import { queryOptions } from '@tanstack/react-query';
import type { SaveDraftInput, ServerDraft } from '@comanda/core';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /pos/drafts: the signed-in user's drafts, on whichever device they saved them (issue 31). */
export const draftsQueryKey = ['pos', 'drafts'] as const;

export const draftsQueryOptions = () =>
  queryOptions({
    queryKey: draftsQueryKey,
    queryFn: () => apiRequest<{ drafts: ServerDraft[] }>('/pos/drafts'),
  });

/** POST /pos/drafts. */
export const saveServerDraft = (body: SaveDraftInput) =>
  apiRequest<{ message: string; draft: ServerDraft }>('/pos/drafts', { method: 'POST', body });

/** DELETE /pos/drafts/{id}. */
export const deleteServerDraft = (id: number) =>
  apiRequest<{ message: string }>(`/pos/drafts/${id}`, { method: 'DELETE' });
