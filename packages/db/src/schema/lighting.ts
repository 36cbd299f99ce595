import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { rooms } from './plant';
import { parentId } from './columns';

/**
 * Lighting schedules per room: the lights of the room are switched on at `onTime` and off at
 * `offTime` (HH:MM in the facility's time zone) on the given weekdays (0 = Sunday). One
 * scheduler in the server carries them out; `lastOnAt` / `lastOffAt` keep it from acting twice.
 */
export const lightSchedules = pgTable(
  'light_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: parentId('room_id', () => rooms.id),
    onTime: text('on_time').notNull(),
    offTime: text('off_time').notNull(),
    days: jsonb('days').$type<number[]>().notNull(),
    /** Brightness the lights come on with (%). */
    brightness: integer('brightness').notNull().default(100),
    enabled: boolean('enabled').notNull().default(true),
    lastOnAt: timestamp('last_on_at', { withTimezone: true }),
    lastOffAt: timestamp('last_off_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('light_schedules_room_idx').on(t.roomId)],
);
