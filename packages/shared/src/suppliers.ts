import { z } from 'zod';
import { pageOf } from './page';
import { purchaseOrderStatusValues, supplierCategoryValues } from './procurement-values';

/** The suppliers page (/suppliers): its list, a supplier's page and the CSV export (issue 15). */

export const SUPPLIERS_CSV_MAX_ROWS = 10_000;
export { SUPPLIER_ORDERS_SHOWN } from './procurement-values';

export const supplierContactSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type SupplierContact = z.infer<typeof supplierContactSchema>;

export const supplierItemSchema = z.object({
  id: z.string(),
  legalName: z.string(),
  tradeName: z.string().nullable(),
  /** The 14 digits; the page masks them. */
  cnpj: z.string(),
  categories: z.array(z.enum(supplierCategoryValues)),
  paymentTerms: z.string().nullable(),
  active: z.boolean(),
  /** The first contact, as the list shows it. */
  mainContact: supplierContactSchema.nullable(),
  /** Orders not yet fully received nor cancelled. */
  openOrders: z.number().int(),
  orders: z.number().int(),
});
export type SupplierItem = z.infer<typeof supplierItemSchema>;

export const suppliersListOutput = pageOf(supplierItemSchema);
export type SuppliersListOutput = z.infer<typeof suppliersListOutput>;

/**
 * Delivery performance, from the supplier's received orders: on time = received on or before the
 * expected day (orders with one); lead time = approval → full receipt, in days. Null: no order
 * to count yet.
 */
export const supplierPerformanceSchema = z.object({
  receivedOrders: z.number().int(),
  /** Received orders that had an expected day (the on-time rate's denominator). */
  withExpectedDate: z.number().int(),
  onTime: z.number().int(),
  /** 0–1. */
  onTimeRate: z.number().nullable(),
  averageLeadDays: z.number().nullable(),
});
export type SupplierPerformance = z.infer<typeof supplierPerformanceSchema>;

export const supplierOrderSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(purchaseOrderStatusValues),
  createdAt: z.date(),
  expectedDelivery: z.string().nullable(),
  receivedAt: z.date().nullable(),
  /** R$, exact: lines + freight. */
  total: z.string(),
});
export type SupplierOrder = z.infer<typeof supplierOrderSchema>;

export const supplierDetailSchema = supplierItemSchema.extend({
  notes: z.string().nullable(),
  contacts: z.array(supplierContactSchema),
  createdAt: z.date(),
  updatedAt: z.date(),
  recentOrders: z.array(supplierOrderSchema),
  performance: supplierPerformanceSchema,
});
export type SupplierDetail = z.infer<typeof supplierDetailSchema>;

/** Suppliers to pick from (the order form): active ones, by name. */
export const supplierOptionsOutput = z.array(
  z.object({ id: z.string(), legalName: z.string(), tradeName: z.string().nullable(), cnpj: z.string() }),
);

export const suppliersCsvOutput = z.object({
  filename: z.string(),
  /** UTF-8 text with a byte-order mark, so spreadsheet programs read the accents right. */
  csv: z.string(),
  rows: z.number().int(),
  /** More suppliers matched than SUPPLIERS_CSV_MAX_ROWS: only the first ones are in the file. */
  truncated: z.boolean(),
});
