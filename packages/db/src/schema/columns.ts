import { timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

// Column builders the tables repeat. Not exported from index.ts: they are not tables.

/** When the row was written. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A required link to the row this one belongs to; deleting that row deletes this one. */
export const parentId = (name: string, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: 'cascade' });
