import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { equipmentKindValues } from '@sentinela/shared/plant';
import {
  partUnitValues,
  purchaseOrderStatusValues,
  stockMovementKindValues,
  supplierCategoryValues,
} from '@sentinela/shared/procurement-values';
import { createdAt, money, parentId, quantity } from './columns';
import { workOrders } from './maintenance';
import { facilities } from './plant';

// Procurement (issue 15, ADR 024): suppliers, the spare-parts catalogue and its stock (kept by
// movements), purchase orders, and the parts work orders consume. Amounts and quantities are
// exact numerics, read and written as decimal strings. Who did something is a plain uuid (as in
// maintenance): a deleted account leaves its history.

const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const suppliers = pgTable(
  'suppliers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Razão social. */
    legalName: text('legal_name').notNull(),
    /** Nome fantasia. */
    tradeName: text('trade_name'),
    /** The 14 digits, check digits verified (shown masked 00.000.000/0000-00). */
    cnpj: text('cnpj').notNull().unique(),
    categories: text('categories', { enum: supplierCategoryValues })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** As agreed with the supplier, free text ("28 dias", "30/60/90 DDL"). */
    paymentTerms: text('payment_terms'),
    active: boolean('active').notNull().default(true),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** What the list's search matches: legal name, trade name and CNPJ digits, folded. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`search_fold(${suppliers.legalName} || chr(10) || coalesce(${suppliers.tradeName}, '') || chr(10) || ${suppliers.cnpj})`,
    ),
  },
  (t) => [
    check('suppliers_cnpj_digits', sql`${t.cnpj} ~ '^[0-9]{14}$'`),
    index('suppliers_legal_name_idx').on(t.legalName),
  ],
);

/** A supplier's contacts, in the order shown (position). */
export const supplierContacts = pgTable(
  'supplier_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    supplierId: parentId('supplier_id', () => suppliers.id),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
  },
  (t) => [index('supplier_contacts_supplier_idx').on(t.supplierId, t.position)],
);

/** Where parts are kept ("Almoxarifado central"), optionally in a facility. */
export const stockLocations = pgTable('stock_locations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  facilityId: uuid('facility_id').references(() => facilities.id, { onDelete: 'set null' }),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

/** The spare-parts catalogue. Stock is per location (part_stock); the minimum is for the part as a whole. */
export const parts = pgTable(
  'parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    description: text('description').notNull(),
    unit: text('unit', { enum: partUnitValues }).notNull(),
    /** Below this total (all locations), the part is suggested for an order to its preferred supplier. */
    minimumStock: quantity('minimum_stock').notNull().default('0'),
    preferredSupplierId: uuid('preferred_supplier_id').references(() => suppliers.id, { onDelete: 'set null' }),
    /** Where it is usually kept (receipts go there unless told otherwise). */
    defaultLocationId: uuid('default_location_id').references(() => stockLocations.id, { onDelete: 'set null' }),
    compatibleKinds: text('compatible_kinds', { enum: equipmentKindValues })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => sql`search_fold(${parts.code} || chr(10) || ${parts.description})`,
    ),
  },
  (t) => [
    check('parts_minimum_stock_not_negative', sql`${t.minimumStock} >= 0`),
    index('parts_preferred_supplier_idx').on(t.preferredSupplierId),
  ],
);

/**
 * The current balance of a part at a location: written only in the same transaction as the
 * stock movement that changes it (so it always equals the sum of the movements). Never negative:
 * a service refuses a consumption or transfer beyond the balance with a clear message first.
 */
export const partStock = pgTable(
  'part_stock',
  {
    partId: parentId('part_id', () => parts.id),
    locationId: uuid('location_id')
      .notNull()
      .references(() => stockLocations.id),
    quantity: quantity('quantity').notNull().default('0'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.partId, t.locationId] }), check('part_stock_not_negative', sql`${t.quantity} >= 0`)],
);

/** A purchase order. Its number (PC-2026-0001) counts per year (purchase_order_sequences). */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    status: text('status', { enum: purchaseOrderStatusValues }).notNull().default('draft'),
    /** The day the supplier promised delivery (a calendar date, no time zone). */
    expectedDelivery: date('expected_delivery', { mode: 'string' }),
    /** The work order the purchase serves, if any. */
    workOrderId: uuid('work_order_id').references(() => workOrders.id, { onDelete: 'set null' }),
    freight: money('freight').notNull().default('0'),
    notes: text('notes'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedBy: uuid('submitted_by'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: uuid('approved_by'),
    /** When the last line was fully received (status received). */
    receivedAt: timestamp('received_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: uuid('cancelled_by'),
    cancelReason: text('cancel_reason'),
    /** What the list's search matches of the order itself (number, notes); the supplier's name is searched through suppliers.search_text. */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => sql`search_fold(${purchaseOrders.number} || chr(10) || coalesce(${purchaseOrders.notes}, ''))`,
    ),
  },
  (t) => [
    check('purchase_orders_freight_not_negative', sql`${t.freight} >= 0`),
    check(
      'purchase_orders_cancel_reason',
      sql`${t.status} <> 'cancelled' OR (${t.cancelReason} IS NOT NULL AND ${t.cancelledAt} IS NOT NULL)`,
    ),
    index('purchase_orders_status_idx').on(t.status, t.createdAt),
    index('purchase_orders_created_idx').on(t.createdAt),
    index('purchase_orders_supplier_idx').on(t.supplierId, t.createdAt),
    index('purchase_orders_work_order_idx').on(t.workOrderId),
  ],
);

/**
 * One line of an order: a catalogue part (its description copied) or a free description. The
 * line total (R$) is computed by PostgreSQL, rounded half up to the cent; the order's total is
 * the sum of its lines plus the freight (not stored, so it cannot drift).
 */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: parentId('order_id', () => purchaseOrders.id),
    position: integer('position').notNull(),
    partId: uuid('part_id').references(() => parts.id),
    description: text('description').notNull(),
    quantity: quantity('quantity').notNull(),
    unit: text('unit', { enum: partUnitValues }).notNull(),
    /** R$ per unit with 4 decimals (cable by the metre, screws by the piece). */
    unitPrice: numeric('unit_price', { precision: 14, scale: 4 }).notNull(),
    lineTotal: numeric('line_total', { precision: 14, scale: 2 }).generatedAlwaysAs(
      (): SQL => sql`round(${purchaseOrderLines.quantity} * ${purchaseOrderLines.unitPrice}, 2)`,
    ),
    receivedQuantity: quantity('received_quantity').notNull().default('0'),
  },
  (t) => [
    check('purchase_order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('purchase_order_lines_unit_price_not_negative', sql`${t.unitPrice} >= 0`),
    check(
      'purchase_order_lines_received_range',
      sql`${t.receivedQuantity} >= 0 AND ${t.receivedQuantity} <= ${t.quantity}`,
    ),
    index('purchase_order_lines_order_idx').on(t.orderId, t.position),
    index('purchase_order_lines_part_idx').on(t.partId),
  ],
);

/** The last number given per year: `PC-<year>-<n>` counts up without gaps or repeats. */
export const purchaseOrderSequences = pgTable('purchase_order_sequences', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * Every change of stock, kept for ever (ADR 024). The quantity is positive; the movement leaves
 * `from_location_id` and/or enters `to_location_id`, so the stock of a part at a location on any
 * day is Σ quantity entering − Σ quantity leaving up to that day. part_stock holds today's sum.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id),
    kind: text('kind', { enum: stockMovementKindValues }).notNull(),
    quantity: quantity('quantity').notNull(),
    fromLocationId: uuid('from_location_id').references(() => stockLocations.id),
    toLocationId: uuid('to_location_id').references(() => stockLocations.id),
    /** Why (required for an adjustment). */
    reason: text('reason'),
    /** The order line received (kind received). */
    purchaseOrderLineId: uuid('purchase_order_line_id').references(() => purchaseOrderLines.id),
    /** The work order that consumed the part (kind consumed). */
    workOrderId: uuid('work_order_id').references(() => workOrders.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    check('stock_movements_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'stock_movements_locations',
      sql`CASE ${t.kind}
        WHEN 'received' THEN ${t.toLocationId} IS NOT NULL AND ${t.fromLocationId} IS NULL
        WHEN 'consumed' THEN ${t.fromLocationId} IS NOT NULL AND ${t.toLocationId} IS NULL
        WHEN 'adjusted' THEN (${t.fromLocationId} IS NULL) <> (${t.toLocationId} IS NULL) AND ${t.reason} IS NOT NULL
        WHEN 'transferred' THEN ${t.fromLocationId} IS NOT NULL AND ${t.toLocationId} IS NOT NULL AND ${t.fromLocationId} <> ${t.toLocationId}
        ELSE false END`,
    ),
    index('stock_movements_part_idx').on(t.partId, t.createdAt),
    index('stock_movements_order_line_idx').on(t.purchaseOrderLineId),
    index('stock_movements_work_order_idx').on(t.workOrderId),
  ],
);

/**
 * The parts a work order uses: listed while it is planned, taken from stock (a consumed
 * movement each, consumed_at set) when the order completes.
 */
export const workOrderParts = pgTable(
  'work_order_parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workOrderId: parentId('work_order_id', () => workOrders.id),
    partId: uuid('part_id')
      .notNull()
      .references(() => parts.id),
    locationId: uuid('location_id')
      .notNull()
      .references(() => stockLocations.id),
    quantity: quantity('quantity').notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    check('work_order_parts_quantity_positive', sql`${t.quantity} > 0`),
    uniqueIndex('work_order_parts_line').on(t.workOrderId, t.partId, t.locationId),
    index('work_order_parts_part_idx').on(t.partId),
  ],
);
