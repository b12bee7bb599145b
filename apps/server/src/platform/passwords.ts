import { hash, verify } from '@node-rs/argon2';
import { fail } from './errors.ts';

// argon2id with OWASP's minimum memory-hard parameters (19 MiB, 2 passes).
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Password hashing with a cap on how many argon2 runs at once and how many wait. Each run holds a core
 * and 19 MiB; without the cap a flood of sign-in attempts queues thousands of them and every real
 * request waits behind the flood. Past the queue, an attempt is refused at once with 429.
 */
export function createPasswordHasher(opts: { concurrency: number; queue: number }) {
  let running = 0;
  const waiting: (() => void)[] = [];
  // Verified against when a username is unknown, so a miss costs as long as a hit and names are not probed.
  let decoy: Promise<string> | undefined;

  async function limited<T>(work: () => Promise<T>): Promise<T> {
    if (running >= opts.concurrency) {
      if (waiting.length >= opts.queue) throw fail('server_busy');
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, so `running` only drops when nobody waits.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  }

  return {
    /** Hashes a password with argon2id. */
    hash(password: string): Promise<string> {
      return limited(() => hash(password, OPTIONS));
    },

    /** Checks a password against its stored hash; with no hash, spends the same time and answers false. */
    verify(stored: string | undefined, password: string): Promise<boolean> {
      return limited(async () => {
        if (!stored) {
          decoy ??= hash('decoy password', OPTIONS);
          await verify(await decoy, password).catch(() => false);
          return false;
        }
        return verify(stored, password).catch(() => false);
      });
    },
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
