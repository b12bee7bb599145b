import pg from 'pg';
import type { TestDatabase } from './harness.ts';

/**
 * Waits until a statement on PostgreSQL waits on a held lock, polling for as long as the machine needs
 * (no wall-clock window to hit); `end` ends its backend then. Answers how many it found. Given
 * `settled`, a request expected to wait that answers first throws instead of polling forever.
 */
export async function waitingOnLock(on: TestDatabase, end: boolean, settled?: Promise<unknown>) {
  let answered = false;
  void settled?.then(
    () => (answered = true),
    () => (answered = true),
  );
  const admin = new pg.Client({ connectionString: on.ownerUrl });
  await admin.connect();
  try {
    for (;;) {
      const { rowCount } = await admin.query(
        `select ${end ? 'pg_terminate_backend(pid)' : 'pid'} from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rowCount) return rowCount;
      if (answered) throw new Error('the request answered without waiting on a lock');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await admin.end();
  }
}
