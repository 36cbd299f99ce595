import { z } from 'zod';
import { searchSchema } from './equipment';
import { workOrderIdSchema } from './maintenance';
import { pageInput, pageOf } from './page';
import { equipmentKindValues } from './plant';
import {
  partIdSchema,
  partUnitValues,
  stockLocationIdSchema,
  stockLocationInput,
  stockMovementKindValues,
  supplierIdSchema,
} from './procurement';

/**
 * The spare-parts area's lists and answers (issue 15 part C; the inputs that change stock are in
 * procurement.ts). Quantities are decimal strings as PostgreSQL sends them ("12.500").
 */

export const SPARE_PARTS_CSV_MAX_ROWS = 20_000;
/** Movements a part's detail shows (latest first); older ones are in the stock-on-date view. */
export const PART_MOVEMENTS_SHOWN = 200;

export const partIdInput = z.object({ id: partIdSchema });
export const partSetActiveInput = z.object({ id: partIdSchema, active: z.boolean() });

/** What narrows the catalogue; the same filters drive the panel and the CSV export. */
export const partFilters = z.object({
  search: searchSchema,
  /** Only parts whose total stock (all locations) is under their minimum. */
  belowMinimum: z.boolean().optional(),
  /** Parts kept there: some stock there, or it is their default location. */
  locationId: stockLocationIdSchema.optional(),
  equipmentKind: z.enum(equipmentKindValues, 'validation.equipmentKind').optional(),
  supplierId: supplierIdSchema.optional(),
  /** true (default): in use; false: retired only. */
  active: z.boolean().default(true),
});
export type PartFilters = z.input<typeof partFilters>;
export const partListInput = partFilters.extend(pageInput(25, 200));

const named = z.object({ id: z.string(), name: z.string() });

export const partItemSchema = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  unit: z.enum(partUnitValues),
  minimumStock: z.string(),
  /** All locations together. */
  stock: z.string(),
  belowMinimum: z.boolean(),
  preferredSupplier: named.nullable(),
  defaultLocation: named.nullable(),
  compatibleKinds: z.array(z.enum(equipmentKindValues)),
  active: z.boolean(),
});
export type PartItem = z.infer<typeof partItemSchema>;
export const partListOutput = pageOf(partItemSchema);
export type PartListOutput = z.infer<typeof partListOutput>;

export const stockMovementSchema = z.object({
  id: z.string(),
  kind: z.enum(stockMovementKindValues),
  quantity: z.string(),
  from: named.nullable(),
  to: named.nullable(),
  reason: z.string().nullable(),
  workOrder: z.object({ id: z.string(), number: z.string() }).nullable(),
  purchaseOrder: z.object({ id: z.string(), number: z.string() }).nullable(),
  /** Who moved it (the account's name, or its id when the account is gone; null for the system). */
  by: z.string().nullable(),
  at: z.date(),
});
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const locationStockSchema = z.object({ location: named, quantity: z.string() });

export const partDetailSchema = partItemSchema.extend({
  stockByLocation: z.array(locationStockSchema),
  movements: z.array(stockMovementSchema),
  /** More movements than PART_MOVEMENTS_SHOWN exist. */
  movementsTruncated: z.boolean(),
  /** R$ per unit of the last received purchase, if any (what consumption is valued at). */
  lastUnitPrice: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type PartDetail = z.infer<typeof partDetailSchema>;

export const stockOnDayOutput = z.object({
  day: z.string(),
  stockByLocation: z.array(locationStockSchema),
  total: z.string(),
});
export type StockOnDay = z.infer<typeof stockOnDayOutput>;

export const stockLocationSchema = z.object({
  id: z.string(),
  name: z.string(),
  facility: named.nullable(),
  active: z.boolean(),
});
export type StockLocation = z.infer<typeof stockLocationSchema>;
export const stockLocationsOutput = z.array(stockLocationSchema);
export const stockLocationCreateInput = stockLocationInput.extend({
  facilityId: z
    .guid('validation.facilityId')
    .nullish()
    .transform((v) => v ?? null),
});

export const supplierOptionsOutput = z.array(named);

export const partsCsvOutput = z.object({
  filename: z.string(),
  csv: z.string(),
  rows: z.number().int(),
  truncated: z.boolean(),
});

/** The parts picker of a work order: active parts (search by code or description), with stock per location. */
export const partOptionsInput = z.object({ search: searchSchema });
export const partOptionSchema = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  unit: z.enum(partUnitValues),
  stockByLocation: z.array(locationStockSchema),
});
export const partOptionsOutput = z.array(partOptionSchema);
export type PartOption = z.infer<typeof partOptionSchema>;

// ---- Work-order part lines --------------------------------------------------------------------

export const workOrderPartsInput = z.object({ workOrderId: workOrderIdSchema });
export const workOrderPartRemoveInput = z.object({
  workOrderId: workOrderIdSchema,
  lineId: z.guid('validation.partId'),
});

export const workOrderPartLineSchema = z.object({
  id: z.string(),
  part: z.object({ id: z.string(), code: z.string(), description: z.string(), unit: z.enum(partUnitValues) }),
  location: named,
  quantity: z.string(),
  /** What the location holds now. */
  available: z.string(),
  /** R$ per unit of the part's last received purchase, if any. */
  lastUnitPrice: z.string().nullable(),
  consumedAt: z.date().nullable(),
});
export type WorkOrderPartLine = z.infer<typeof workOrderPartLineSchema>;
export const workOrderPartsOutput = z.object({
  lines: z.array(workOrderPartLineSchema),
  /** Σ quantity × last purchase price of the lines that have one (R$): the completion form's suggested parts cost. */
  estimatedCost: z.string(),
  /** Lines whose part was never bought through an order (no price to value them). */
  unpricedLines: z.number().int(),
  /** Whether the lines may still change (the order is not completed nor cancelled). */
  editable: z.boolean(),
});
export type WorkOrderParts = z.infer<typeof workOrderPartsOutput>;
