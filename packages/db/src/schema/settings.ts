import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Operational settings edited on /settings (site name, tariff, thresholds, theme switching,
 * default language, retention). One row per key; the value is JSON validated by the shared
 * zod schema of that key, so a new setting needs no migration.
 */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
