import { hash, verify } from '@node-rs/argon2';

// argon2id with OWASP's minimum memory-hard parameters (19 MiB, 2 passes).
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
// Verified against when a username is unknown, so a miss costs as long as a hit and names are not probed.
let decoy: Promise<string> | undefined;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Checks a password against its stored hash; with no hash, spends the same time and answers false. */
export async function verifyPassword(stored: string | undefined, password: string): Promise<boolean> {
  if (!stored) {
    decoy ??= hashPassword('decoy password');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
