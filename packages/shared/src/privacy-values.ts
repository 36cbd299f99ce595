// The privacy (LGPD) values the web needs at run time, without zod (pages import this, not privacy.ts).

export const privacyRequestStatuses = ['pending', 'done', 'refused'] as const;
export type PrivacyRequestStatus = (typeof privacyRequestStatuses)[number];

/** The name a removed person keeps in the audit log and history: the facts stay, the person goes (ADR 031). */
export function removedUserLabel(userId: string): string {
  return `Usuário removido #${userId.replace(/-/g, '').slice(0, 8)}`;
}
