import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane (~13 ms here).
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id (a const enum, so not importable here) */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the account does not exist keeps response times equal,
// so timing does not reveal which e-mails are registered.
let dummyHash: Promise<string> | null = null;
export async function burnVerify(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-' + Math.floor(Date.now() / 1e9));
  await verifyPassword(await dummyHash, password);
}
