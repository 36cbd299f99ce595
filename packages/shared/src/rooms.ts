import { z } from 'zod';
import { placeFigures, placesSummaryFigures, searchSchema } from './equipment';
import { pageInput, pageOf } from './page';
import { facilityIdSchema } from './plant';

export const ROOMS_PAGE_SIZE_MAX = 100;
/** The most rooms a filter's option list carries. */
export const ROOM_OPTIONS_MAX = 1000;

export const roomsListInput = z
  .object({
    facilityId: facilityIdSchema.optional(),
    search: searchSchema,
    ...pageInput(20, ROOMS_PAGE_SIZE_MAX),
  })
  .default({ page: 1, pageSize: 20 });

export const roomItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** production, utility, office, warehouse, server-room, cold-storage, outdoor… */
  kind: z.string(),
  facilityId: z.string(),
  facilityName: z.string(),
  ...placeFigures,
});
export type RoomItem = z.infer<typeof roomItemSchema>;

export const roomsSummarySchema = z.object({
  rooms: z.number().int(),
  ...placesSummaryFigures,
});

export const roomsListOutput = pageOf(roomItemSchema).extend({
  /** Over every room the filter matches, not only this page. */
  summary: roomsSummarySchema,
});
export type RoomsListOutput = z.infer<typeof roomsListOutput>;

export const roomOptionsInput = z.object({ facilityId: facilityIdSchema.optional() }).default({});
export const roomOptionsOutput = z.array(
  z.object({ id: z.string(), name: z.string(), facilityId: z.string(), facilityName: z.string() }),
);
