import { z } from 'zod';
import { pageInput, pageOf } from './page';
import { countsOf } from './plant';
import { partUnitValues, purchaseOrderFilters, purchaseOrderStatusValues, supplierIdSchema } from './procurement';
import { recordHistoryEntrySchema } from './record-history';

/**
 * What the purchase-orders API answers (issue 15, ADR 024): the list, one order with its lines
 * and history, the suggested orders and the form's options. Amounts and quantities are exact
 * decimal strings ("1234.50", "2.500"), never numbers.
 */

export const purchaseOrdersListInput = purchaseOrderFilters.safeExtend(pageInput(25, 200));
export type PurchaseOrdersListInput = z.input<typeof purchaseOrdersListInput>;

const decimal = z.string();

export const purchaseOrderItemSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(purchaseOrderStatusValues),
  supplier: z.object({ id: z.string(), name: z.string() }),
  workOrder: z.object({ id: z.string(), number: z.string() }).nullable(),
  expectedDelivery: z.string().nullable(),
  /** Still awaited (submitted, approved or partly received) and past its expected day. */
  late: z.boolean(),
  createdAt: z.date(),
  lineCount: z.number().int(),
  /** Lines + freight, R$. */
  total: decimal,
});
export type PurchaseOrderItem = z.infer<typeof purchaseOrderItemSchema>;

/** Orders per status over every order the other filters match (the status chips). */
export const purchaseOrderCountsSchema = countsOf(['total', ...purchaseOrderStatusValues, 'late']);
export type PurchaseOrderCounts = z.infer<typeof purchaseOrderCountsSchema>;

export const purchaseOrdersListOutput = pageOf(purchaseOrderItemSchema).extend({ counts: purchaseOrderCountsSchema });
export type PurchaseOrdersListOutput = z.infer<typeof purchaseOrdersListOutput>;

export const purchaseOrderLineSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  partId: z.string().nullable(),
  partCode: z.string().nullable(),
  description: z.string(),
  quantity: decimal,
  unit: z.enum(partUnitValues),
  unitPrice: decimal,
  lineTotal: decimal,
  receivedQuantity: decimal,
});
export type PurchaseOrderLine = z.infer<typeof purchaseOrderLineSchema>;

export const purchaseOrderDetailSchema = purchaseOrderItemSchema.extend({
  supplier: z.object({ id: z.string(), name: z.string(), cnpj: z.string() }),
  workOrder: z.object({ id: z.string(), number: z.string(), title: z.string() }).nullable(),
  freight: decimal,
  linesTotal: decimal,
  notes: z.string().nullable(),
  submittedAt: z.date().nullable(),
  approvedAt: z.date().nullable(),
  receivedAt: z.date().nullable(),
  cancelledAt: z.date().nullable(),
  cancelReason: z.string().nullable(),
  lines: z.array(purchaseOrderLineSchema),
  history: z.array(recordHistoryEntrySchema),
});
export type PurchaseOrderDetail = z.infer<typeof purchaseOrderDetailSchema>;

/** The new-order form's choices: active suppliers, parts and stock locations, open work orders. */
export const purchaseOrderOptionsOutput = z.object({
  suppliers: z.array(z.object({ id: z.string(), name: z.string() })),
  parts: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      description: z.string(),
      unit: z.enum(partUnitValues),
      /** The unit price last ordered, to start the line with. */
      lastPrice: decimal.nullable(),
      defaultLocationId: z.string().nullable(),
      /** In stock now, over every location. */
      stock: decimal,
    }),
  ),
  locations: z.array(z.object({ id: z.string(), name: z.string() })),
  workOrders: z.array(z.object({ id: z.string(), number: z.string(), title: z.string() })),
  /** The operator's approval limit in force (R$): admins approve any order. */
  operatorLimit: decimal,
});
export type PurchaseOrderOptions = z.infer<typeof purchaseOrderOptionsOutput>;

/** Parts below their minimum stock, per preferred supplier: one click makes a draft of each group. */
export const suggestedOrdersOutput = z.array(
  z.object({
    supplier: z.object({ id: z.string(), name: z.string() }),
    parts: z.array(
      z.object({
        partId: z.string(),
        code: z.string(),
        description: z.string(),
        unit: z.enum(partUnitValues),
        minimumStock: decimal,
        stock: decimal,
        /** What to order (the reorder rule of ADR 024). */
        quantity: decimal,
      }),
    ),
  }),
);
export type SuggestedOrders = z.infer<typeof suggestedOrdersOutput>;

export const suggestedOrderDraftInput = z.object({ supplierId: supplierIdSchema });

export const PURCHASE_ORDERS_CSV_MAX_ROWS = 10_000;
export const purchaseOrdersCsvOutput = z.object({
  filename: z.string(),
  csv: z.string(),
  rows: z.number().int(),
  truncated: z.boolean(),
});
