import type { FacilityOption } from '@sentinela/shared/facilities';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTRPC } from '../../lib/trpc';

export interface FacilityZone {
  /** IANA name, e.g. America/Sao_Paulo. */
  timeZone: string;
  /** How the zone is named to people: the facility's name. */
  place: string;
}

/** A zone's city as people read it: 'America/Sao_Paulo' → 'Sao Paulo'. */
export function zoneCity(timeZone: string): string {
  return (timeZone.split('/').at(-1) ?? timeZone).replace(/_/g, ' ');
}

/**
 * The site's zone: the one most facilities are in (ties by name), as the dashboard's energy days;
 * named by its facility when only one is in it, else by the zone's city.
 */
export function siteZone(facilities: readonly Pick<FacilityOption, 'name' | 'timezone'>[]): FacilityZone | undefined {
  const counts = new Map<string, { count: number; name: string }>();
  for (const f of facilities) {
    const known = counts.get(f.timezone);
    counts.set(f.timezone, { count: (known?.count ?? 0) + 1, name: known?.name ?? f.name });
  }
  let best: FacilityZone | undefined;
  let bestCount = 0;
  for (const [timeZone, { count, name }] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    if (count > bestCount) {
      best = { timeZone, place: count === 1 ? name : zoneCity(timeZone) };
      bestCount = count;
    }
  }
  return best;
}

/**
 * Facility time zones for times about equipment: `of(facilityId)` the facility's zone (undefined
 * while loading or for no facility), `site` the site's zone for figures over several facilities
 * (and site alerts), `shared` the zone when every facility is in the same one (a list's rows then
 * all read one clock, said once; otherwise each row reads its facility's).
 */
export function useFacilityZones() {
  const trpc = useTRPC();
  const options = useQuery(trpc.facilities.options.queryOptions());
  return useMemo(() => {
    const byId = new Map((options.data ?? []).map((f) => [f.id, { timeZone: f.timezone, place: f.name }]));
    const site = siteZone(options.data ?? []);
    const shared = site && (options.data ?? []).every((f) => f.timezone === site.timeZone) ? site : undefined;
    return {
      of: (facilityId: string | null | undefined): FacilityZone | undefined =>
        facilityId ? byId.get(facilityId) : undefined,
      site,
      shared,
    };
  }, [options.data]);
}
