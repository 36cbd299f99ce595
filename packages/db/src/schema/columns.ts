import { numeric, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

// Column builders the tables repeat. Not exported from index.ts: they are not tables.

/** When the row was written. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A required link to the row this one belongs to; deleting that row deletes this one. */
export const parentId = (name: string, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: 'cascade' });

/** An amount in R$, exact: numeric(14, 2), read and written as a decimal string (ADR 024). */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** A quantity of a part (3 decimals: metres of cable, kilograms, litres), exact: numeric(14, 3). */
export const quantity = (name: string) => numeric(name, { precision: 14, scale: 3 });
