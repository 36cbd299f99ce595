import { z } from 'zod';
import { placeFigures, placesSummaryFigures, searchSchema } from './equipment';
import { pageInput, pageOf } from './page';
import { countsOf, equipmentKindValues } from './plant';

export const FACILITIES_PAGE_SIZE_MAX = 100;

export const facilitiesListInput = z
  .object({
    search: searchSchema,
    ...pageInput(12, FACILITIES_PAGE_SIZE_MAX),
  })
  .default({ page: 1, pageSize: 12 });

/** Equipment by kind. */
export const kindCountsSchema = countsOf(equipmentKindValues);

export const facilityItemSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  city: z.string(),
  state: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timezone: z.string(),
  rooms: z.number().int(),
  ...placeFigures,
  byKind: kindCountsSchema,
});
export type FacilityItem = z.infer<typeof facilityItemSchema>;

export const facilitiesSummarySchema = z.object({
  facilities: z.number().int(),
  rooms: z.number().int(),
  ...placesSummaryFigures,
});

export const facilitiesListOutput = pageOf(facilityItemSchema).extend({
  /** Over every facility the search matches, not only this page. */
  summary: facilitiesSummarySchema,
});
export type FacilitiesListOutput = z.infer<typeof facilitiesListOutput>;

/** Every facility, for filters and forms, with its time zone (its equipment's times show in it). */
export const facilityOptionsOutput = z.array(
  z.object({ id: z.string(), name: z.string(), code: z.string(), timezone: z.string() }),
);
export type FacilityOption = z.infer<typeof facilityOptionsOutput>[number];
