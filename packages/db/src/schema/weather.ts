import { doublePrecision, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { facilities } from './plant';

/**
 * The forecast provider's last answer per facility (ADR 022), normalized (hourly series in UTC
 * epoch seconds), so a page within 30 minutes asks nobody and a provider that is down still leaves
 * the last forecast to show with its age. `failedAt`/`failure` record the last failed attempt
 * (a failure retries after a minute, not on every page load).
 */
export const weatherForecasts = pgTable('weather_forecasts', {
  facilityId: uuid('facility_id')
    .primaryKey()
    .references(() => facilities.id, { onDelete: 'cascade' }),
  /** The coordinates asked for: a moved facility does not reuse another place's forecast. */
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }),
  forecast: jsonb('forecast'),
  failedAt: timestamp('failed_at', { withTimezone: true }),
  failure: text('failure'),
});
