import type { DashboardEnergy, DashboardSummary } from '@sentinela/shared/dashboard';

/** What a card needs of a query the page reads once and shares. */
export interface SharedQuery<T> {
  data: T | undefined;
  error: unknown;
  isError: boolean;
  refetch: () => Promise<unknown>;
}
export type SummaryQuery = SharedQuery<DashboardSummary>;
export type EnergyQuery = SharedQuery<DashboardEnergy>;

/** A 'YYYY-MM-DD' calendar day as a Date at noon UTC, so any browser time zone shows that day. */
export function calendarDay(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}
