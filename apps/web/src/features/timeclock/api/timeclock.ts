import { queryOptions } from '@tanstack/react-query';
import type {
  AddTimeEntryInput,
  ClockActionResult,
  ClockState,
  CorrectTimeEntryInput,
  TimeEntry,
  Timesheet,
} from '@comanda/core';
import { apiRequest, downloadFile } from '../../../lib/api-client.ts';

export const clockQueryKey = ['timeclock-me'] as const;
export const timesheetQueryKey = ['timesheets'] as const;

export interface TimesheetFilter {
  from: string;
  to: string;
  userId: number | null;
}

const search = (f: TimesheetFilter) =>
  new URLSearchParams({ from: f.from, to: f.to, ...(f.userId ? { userId: String(f.userId) } : {}) });

/** GET /timeclock/me: the signed-in person's clock. */
export const clockQueryOptions = () =>
  queryOptions({ queryKey: clockQueryKey, queryFn: () => apiRequest<ClockState>('/timeclock/me') });

export type ClockAction = 'clock-in' | 'clock-out' | 'break-start' | 'break-end';

/** POST /timeclock/{action}: answers the clock as it is after it (a double tap answers the same). */
export const clockAction = (action: ClockAction) =>
  apiRequest<ClockActionResult>(`/timeclock/${action}`, { method: 'POST' });

/** GET /timeclock/entries: the owner's timesheet of the days. */
export const timesheetQueryOptions = (filter: TimesheetFilter) =>
  queryOptions({
    queryKey: [...timesheetQueryKey, filter],
    queryFn: () => apiRequest<Timesheet>(`/timeclock/entries?${search(filter).toString()}`),
  });

type Saved = { message: string; entry: TimeEntry };

export const correctEntry = ({ id, body }: { id: number; body: CorrectTimeEntryInput }) =>
  apiRequest<Saved>(`/timeclock/entries/${id}`, { method: 'POST', body });

export const addEntry = (body: AddTimeEntryInput) =>
  apiRequest<Saved>('/timeclock/entries', { method: 'POST', body });

/** Saves the timesheet of the days as the server's CSV (timesheet-<from>_<to>.csv). */
export const exportTimesheet = (filter: TimesheetFilter) =>
  downloadFile(`/timeclock/export.csv?${search(filter).toString()}`);
