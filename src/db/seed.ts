import { ROLES } from '../shared/roles';
import type { Db } from './client';
import { findUserByEmail, createUser } from '../server/services/users';
import { randomBytes } from 'node:crypto';

/**
 * Development seed: one demo account per role. Passwords are generated per database and
 * printed once; nothing here is a fixed credential, and production never runs it.
 */
export async function seedDemoUsers(db: Db, print: (line: string) => void = console.log): Promise<void> {
  const created: string[] = [];
  for (const role of ROLES) {
    const email = `${role.replace('_', '-')}@demo.veritext.local`;
    if (await findUserByEmail(db, email)) continue;
    const password = randomBytes(9).toString('base64url');
    await createUser(db, { username: `demo_${role}`, email, password, role, emailVerified: true });
    created.push(`  ${role.padEnd(12)} ${email.padEnd(36)} ${password}`);
  }
  if (created.length) print(`Demo users created (development only; shown once):\n${created.join('\n')}`);
}
