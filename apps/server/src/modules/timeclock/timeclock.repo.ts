import { and, asc, eq, gt, gte, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { timeBreaks, timeEntries, users } from '../../platform/db/schema.ts';

// The time_entries and time_breaks tables (migration 0037), tenant first in every query.

export type EntryRow = typeof timeEntries.$inferSelect;
export type BreakRow = typeof timeBreaks.$inferSelect;
/** An entry with its breaks, oldest first. */
export type EntryWithBreaks = EntryRow & { breaks: BreakRow[] };

/** Everyone who can be put on a timesheet, by name. */
export function listPeople(tx: Tx, tenantId: number) {
  return tx
    .select({ id: users.id, name: users.name, username: users.username })
    .from(users)
    .where(eq(users.tenantId, tenantId))
    .orderBy(asc(users.name), asc(users.id));
}

export async function findOpenEntry(tx: Tx, tenantId: number, userId: number) {
  const [row] = await tx
    .select()
    .from(timeEntries)
    .where(
      and(eq(timeEntries.tenantId, tenantId), eq(timeEntries.userId, userId), isNull(timeEntries.clockOut)),
    )
    .limit(1);
  return row;
}

export async function findEntry(tx: Tx, tenantId: number, id: number) {
  const [row] = await tx
    .select()
    .from(timeEntries)
    .where(and(eq(timeEntries.tenantId, tenantId), eq(timeEntries.id, id)))
    .limit(1);
  return row;
}

export async function insertEntry(
  tx: Tx,
  tenantId: number,
  values: Pick<EntryRow, 'userId' | 'userName' | 'clockIn' | 'clockOut'>,
): Promise<EntryRow> {
  const [row] = await tx
    .insert(timeEntries)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('time entry insert returned no row');
  return row;
}

export async function updateEntryTimes(
  tx: Tx,
  tenantId: number,
  id: number,
  values: { clockIn: Date; clockOut: Date | null; updatedAt: Date },
): Promise<EntryRow> {
  const [row] = await tx
    .update(timeEntries)
    .set(values)
    .where(and(eq(timeEntries.tenantId, tenantId), eq(timeEntries.id, id)))
    .returning();
  if (!row) throw new Error('time entry update returned no row');
  return row;
}

/** The breaks of some entries, oldest first. */
export function listBreaks(tx: Tx, tenantId: number, entryIds: number[]): Promise<BreakRow[]> {
  if (entryIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(timeBreaks)
    .where(and(eq(timeBreaks.tenantId, tenantId), inArray(timeBreaks.entryId, entryIds)))
    .orderBy(asc(timeBreaks.startedAt), asc(timeBreaks.id));
}

/** Entries with their breaks attached. */
export async function withBreaks(tx: Tx, tenantId: number, entries: EntryRow[]): Promise<EntryWithBreaks[]> {
  const breaks = await listBreaks(
    tx,
    tenantId,
    entries.map((e) => e.id),
  );
  return entries.map((e) => ({ ...e, breaks: breaks.filter((b) => b.entryId === e.id) }));
}

export async function insertBreak(tx: Tx, tenantId: number, entryId: number, startedAt: Date) {
  await tx.insert(timeBreaks).values({ tenantId, entryId, startedAt });
}

/** Ends the entry's running break, if any. */
export async function endOpenBreak(tx: Tx, tenantId: number, entryId: number, endedAt: Date) {
  await tx
    .update(timeBreaks)
    .set({ endedAt })
    .where(
      and(eq(timeBreaks.tenantId, tenantId), eq(timeBreaks.entryId, entryId), isNull(timeBreaks.endedAt)),
    );
}

/** The entry's breaks replaced by these (a correction lists them all). */
export async function replaceBreaks(
  tx: Tx,
  tenantId: number,
  entryId: number,
  breaks: { start: Date; end: Date | null }[],
) {
  await tx.delete(timeBreaks).where(and(eq(timeBreaks.tenantId, tenantId), eq(timeBreaks.entryId, entryId)));
  if (breaks.length === 0) return;
  await tx
    .insert(timeBreaks)
    .values(breaks.map((b) => ({ tenantId, entryId, startedAt: b.start, endedAt: b.end })));
}

/** Entries that began in [from, until), for one person or everyone, by name then time. */
export function listEntriesBegun(
  tx: Tx,
  tenantId: number,
  range: { from: Date; until: Date; userId?: number | undefined },
): Promise<EntryRow[]> {
  return tx
    .select()
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.tenantId, tenantId),
        gte(timeEntries.clockIn, range.from),
        lt(timeEntries.clockIn, range.until),
        range.userId === undefined ? undefined : eq(timeEntries.userId, range.userId),
      ),
    )
    .orderBy(asc(timeEntries.userName), asc(timeEntries.userId), asc(timeEntries.clockIn));
}

/** Entries with any time in [from, until) (still open ones included), oldest first. */
export function listEntriesOverlapping(
  tx: Tx,
  tenantId: number,
  range: { from: Date; until: Date; userId?: number },
): Promise<EntryRow[]> {
  return tx
    .select()
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.tenantId, tenantId),
        lt(timeEntries.clockIn, range.until),
        or(isNull(timeEntries.clockOut), gt(timeEntries.clockOut, range.from)),
        range.userId === undefined ? undefined : eq(timeEntries.userId, range.userId),
      ),
    )
    .orderBy(asc(timeEntries.clockIn), asc(timeEntries.id));
}

/**
 * Another entry of the person that shares time with [start, end) (end null: still open, up to now and
 * beyond), or undefined. Touching entries (one out when the next is in) do not overlap.
 */
export async function findOverlapping(
  tx: Tx,
  tenantId: number,
  probe: { userId: number; exceptId: number | null; start: Date; end: Date | null },
) {
  const [row] = await tx
    .select()
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.tenantId, tenantId),
        eq(timeEntries.userId, probe.userId),
        probe.exceptId === null ? undefined : ne(timeEntries.id, probe.exceptId),
        probe.end === null ? undefined : lt(timeEntries.clockIn, probe.end),
        or(isNull(timeEntries.clockOut), gt(timeEntries.clockOut, probe.start)),
      ),
    )
    .orderBy(asc(timeEntries.clockIn))
    .limit(1);
  return row;
}
