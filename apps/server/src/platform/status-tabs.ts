/**
 * The counts of a list's status tabs, from rows grouped by status and one flag (late, overdue):
 * `total`, each of `statuses` (0 when no row has it) and `flag`, the rows whose flag is set.
 */
export function tallyStatusTabs<S extends string, F extends string>(
  rows: readonly ({ status: S; n: number } & Record<F, boolean>)[],
  statuses: readonly S[],
  flag: F,
): Record<'total' | S | F, number> {
  const counts = Object.fromEntries([['total', 0], ...statuses.map((s) => [s, 0]), [flag, 0]]) as Record<
    'total' | S | F,
    number
  >;
  for (const row of rows) {
    counts.total += row.n;
    counts[row.status] += row.n;
    if (row[flag]) counts[flag] += row.n;
  }
  return counts;
}
