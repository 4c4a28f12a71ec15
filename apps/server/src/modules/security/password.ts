import argon2 from 'argon2';

type HashParams = argon2.Options & { raw?: false };

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): strong, and cheap enough for a login burst.
export const PASSWORD_HASH_PARAMS: HashParams = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

let params: HashParams = PASSWORD_HASH_PARAMS;

/**
 * For the test harness only: argon2id at its smallest cost (1 MiB, 1 pass). The server's tests hash and
 * verify hundreds of passwords (users, logins, resets) and never test argon2's cost; at the production
 * cost that was about 0.2 s of CPU each on a loaded machine. A call in code, never read from the
 * environment or the configuration, so no deployment can lower its cost; password-cost.test.ts checks
 * that the server's own cost is the one above.
 */
export function usePasswordHashCostForTests(): void {
  params = { ...PASSWORD_HASH_PARAMS, memoryCost: 1024, timeCost: 1 };
}

export const hashPassword = (password: string) => argon2.hash(password, params);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// Verifying against this keeps the answer time the same whether or not the e-mail exists.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('sigece-dummy-password');
  return dummyHash;
}
