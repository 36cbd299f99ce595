/**
 * The procurement vocabulary (suppliers, spare parts, stock, purchase orders; issue 15, ADR 024)
 * as plain values, without zod: the suppliers and purchase-order pages import these at run time
 * (filters, badges, form options) and zod in their chunks would cost the route budget.
 */

/** What a supplier sells (a supplier has one or more). */
export const supplierCategoryValues = [
  'electrical',
  'motors_drives',
  'hvac',
  'lighting',
  'automation',
  'tools',
  'safety',
  'services',
  'other',
] as const;
export type SupplierCategory = (typeof supplierCategoryValues)[number];

/**
 * Units of measure of parts and order lines: unidade, metro, quilograma, litro, caixa, par, jogo,
 * rolo, peça, conjunto, hora (a service line).
 */
export const partUnitValues = ['un', 'm', 'kg', 'l', 'cx', 'par', 'jg', 'rl', 'pc', 'cj', 'h'] as const;
export type PartUnit = (typeof partUnitValues)[number];

/**
 * How stock changes; nothing else changes it (ADR 024). Each movement has a positive quantity and
 * the location(s) it leaves and/or enters: received → to; consumed → from; adjusted → to (found,
 * counted up) or from (lost, counted down), with a reason; transferred → from and to.
 */
export const stockMovementKindValues = ['received', 'consumed', 'adjusted', 'transferred'] as const;
export type StockMovementKind = (typeof stockMovementKindValues)[number];

/**
 * A purchase order's life: draft → submitted → approved → partially_received → received, or
 * cancelled (with a reason) before it is fully received. `partially_received` is a status of its
 * own so the list can show (and filter) orders still waiting for the rest of a delivery.
 */
export const purchaseOrderStatusValues = [
  'draft',
  'submitted',
  'approved',
  'partially_received',
  'received',
  'cancelled',
] as const;
export type PurchaseOrderStatus = (typeof purchaseOrderStatusValues)[number];

/** The statuses each status may move to (the service refuses any other move). */
export const purchaseOrderTransitions: Record<PurchaseOrderStatus, readonly PurchaseOrderStatus[]> = {
  draft: ['submitted', 'cancelled'],
  submitted: ['approved', 'draft', 'cancelled'],
  approved: ['partially_received', 'received', 'cancelled'],
  partially_received: ['partially_received', 'received', 'cancelled'],
  received: [],
  cancelled: [],
};

/** Orders still open: not yet fully received nor cancelled. */
export const openPurchaseOrderStatuses = [
  'draft',
  'submitted',
  'approved',
  'partially_received',
] as const satisfies PurchaseOrderStatus[];

/** Orders whose goods may still arrive (receiving is allowed). */
export const receivablePurchaseOrderStatuses = [
  'approved',
  'partially_received',
] as const satisfies PurchaseOrderStatus[];

/** The settings key of the operator's approval limit (settings table, /settings). */
export const PURCHASE_APPROVAL_SETTINGS_KEY = 'purchaseApproval';

/** Exact-decimal scales of the columns (numeric(14, scale)): money, unit prices, quantities. */
export const MONEY_SCALE = 2;
export const UNIT_PRICE_SCALE = 4;
export const QUANTITY_SCALE = 3;

export const PURCHASE_ORDER_LINES_MAX = 100;
export const SUPPLIER_CONTACTS_MAX = 20;

/** The orders a supplier's page lists (latest first); its rates count every order. */
export const SUPPLIER_ORDERS_SHOWN = 50;
