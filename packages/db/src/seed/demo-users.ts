import type { users } from '../schema/accounts';

type NewUser = typeof users.$inferInsert;

/** No argon2 hash matches it: a demo colleague never signs in. */
const NO_PASSWORD = '!';

/**
 * The demo site's operators, who acknowledged and cleared its past alerts (so the alert log names
 * people, not "user not on record"). They never sign in: disabled, no password, marked `demo`
 * (not counted when the first account registered becomes admin). `.invalid` addresses (RFC 2606)
 * reach nobody.
 */
export const demoUsers = [
  { name: 'Ana Paula Ribeiro', email: 'ana.ribeiro@demo.sentinela.invalid' },
  { name: 'Carlos Eduardo Lima', email: 'carlos.lima@demo.sentinela.invalid' },
  { name: 'Juliana Martins', email: 'juliana.martins@demo.sentinela.invalid' },
  { name: 'Rafael Souza', email: 'rafael.souza@demo.sentinela.invalid' },
] as const;

export function demoUserRows(now: Date): NewUser[] {
  return demoUsers.map((user) => ({
    ...user,
    passwordHash: NO_PASSWORD,
    role: 'operator',
    demo: true,
    disabledAt: now,
    createdAt: now,
    updatedAt: now,
  }));
}
