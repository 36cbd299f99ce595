import { getTableConfig, pgTable, uuid } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { createdAt, parentId } from './columns';

const parents = pgTable('parents', { id: uuid('id').primaryKey() });
const children = pgTable('children', { parentId: parentId('parent_id', () => parents.id), createdAt: createdAt() });

describe('column builders', () => {
  const config = getTableConfig(children);
  const column = (name: string) => config.columns.find((c) => c.name === name);

  it('parentId is a required uuid that is deleted with its parent', () => {
    expect(column('parent_id')).toMatchObject({ columnType: 'PgUUID', notNull: true });
    const [fk] = config.foreignKeys;
    expect(config.foreignKeys).toHaveLength(1);
    expect(fk?.onDelete).toBe('cascade');
    expect(fk?.reference().foreignColumns.map((c) => c.name)).toEqual(['id']);
  });

  it('createdAt is a required timestamp with time zone defaulting to now', () => {
    expect(column('created_at')).toMatchObject({
      columnType: 'PgTimestamp',
      notNull: true,
      hasDefault: true,
      withTimezone: true,
    });
  });
});
