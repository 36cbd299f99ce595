import { z } from 'zod';
import { emailSchema } from './auth';
import { PHONE_PATTERN } from './auth-rules';
import { cnpjProblem, normalizeCnpj } from './cnpj';
import { compareDecimals, isDecimal, lineTotal } from './decimal';
import { searchSchema } from './equipment';
import { optionalText, requiredText } from './fields';
import { workOrderIdSchema } from './maintenance';
import { WORK_ORDER_FIRST_YEAR, WORK_ORDER_LAST_YEAR } from './maintenance-values';
import { moneySchema } from './money';
import { pageInput } from './page';
import { equipmentKindValues } from './plant';
import {
  partUnitValues,
  PURCHASE_ORDER_LINES_MAX,
  purchaseOrderStatusValues,
  SUPPLIER_CONTACTS_MAX,
  supplierCategoryValues,
} from './procurement-values';

/**
 * Procurement inputs (issue 15, ADR 024): suppliers, spare parts and their stock, purchase
 * orders, the parts a work order uses, and the operator's approval limit. Amounts, prices and
 * quantities travel as exact decimal strings, never as numbers.
 */

// The plain values live in procurement-values.ts (no zod, for the pages' bundles); named here too.
export * from './procurement-values';

export const supplierIdSchema = z.guid('validation.supplierId');
export const partIdSchema = z.guid('validation.partId');
export const stockLocationIdSchema = z.guid('validation.stockLocationId');
export const purchaseOrderIdSchema = z.guid('validation.purchaseOrderId');
export const purchaseOrderLineIdSchema = z.guid('validation.purchaseOrderLineId');

/** A CNPJ as typed (masked or not): refused unless 14 digits with matching check digits; stored as the digits. */
export const cnpjSchema = z
  .string('validation.cnpjFormat')
  .trim()
  .max(32, 'validation.cnpjFormat')
  .superRefine((value, ctx) => {
    const problem = cnpjProblem(value);
    if (problem === 'format') ctx.addIssue({ code: 'custom', message: 'validation.cnpjFormat' });
    if (problem === 'checkDigits') ctx.addIssue({ code: 'custom', message: 'validation.cnpjCheckDigits' });
  })
  .transform(normalizeCnpj);

/** A quantity of a part: positive, at most 3 decimals, under ten million. */
export const quantitySchema = z
  .string('validation.quantity')
  .trim()
  .regex(/^\d{1,7}(\.\d{1,3})?$/, { message: 'validation.quantity', abort: true })
  .refine((q) => compareDecimals(q, '0') > 0, 'validation.quantity');

/** A stock level that may be zero (a part's minimum stock). */
export const stockLevelSchema = z
  .string('validation.stockLevel')
  .trim()
  .regex(/^\d{1,7}(\.\d{1,3})?$/, 'validation.stockLevel');

/** R$ per unit: not negative, at most 4 decimals, under R$ 100 million. */
export const unitPriceSchema = z
  .string('validation.unitPrice')
  .trim()
  .regex(/^\d{1,8}(\.\d{1,4})?$/, 'validation.unitPrice');

/** An optional e-mail: blank is none (null). */
const optionalEmail = z
  .string()
  .trim()
  .nullish()
  .transform((s) => (s ? s : null))
  .pipe(emailSchema.nullable());

/** An optional phone: the digits (and a leading +) of what was typed, up to 15 digits; blank is none. */
const optionalPhone = z
  .string()
  .trim()
  .max(40, 'validation.phoneInvalid')
  .nullish()
  .transform((p) => (p ? p.replace(/[\s().-]/g, '') : null))
  .refine((p) => p === null || PHONE_PATTERN.test(p), 'validation.phoneInvalid');

/** A calendar date 'YYYY-MM-DD' that exists (no 2026-02-30), between 2000 and 2100. */
export const calendarDateSchema = z
  .string('validation.date')
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'validation.date')
  .refine((s) => {
    const year = Number(s.slice(0, 4));
    return year >= WORK_ORDER_FIRST_YEAR && year <= WORK_ORDER_LAST_YEAR;
  }, 'validation.dateRange');

// ---- Suppliers -------------------------------------------------------------------------------

export const supplierContactInput = z.object({
  name: requiredText(120),
  email: optionalEmail,
  phone: optionalPhone,
});
export type SupplierContactInput = z.input<typeof supplierContactInput>;

export const supplierInput = z.object({
  legalName: requiredText(160),
  tradeName: optionalText(120),
  cnpj: cnpjSchema,
  categories: z
    .array(z.enum(supplierCategoryValues, 'validation.supplierCategory'))
    .min(1, 'validation.supplierCategories')
    .max(supplierCategoryValues.length)
    .transform((c) => [...new Set(c)]),
  paymentTerms: optionalText(120),
  notes: optionalText(4000),
  /** In the order shown. */
  contacts: z.array(supplierContactInput).max(SUPPLIER_CONTACTS_MAX, 'validation.contactsTooMany').default([]),
});
export type SupplierInput = z.input<typeof supplierInput>;

export const supplierUpdateInput = supplierInput.extend({ id: supplierIdSchema });
export const supplierSetActiveInput = z.object({ id: supplierIdSchema, active: z.boolean() });

/** What narrows the suppliers list; the same filters drive the page, its URL and the CSV export. */
export const supplierFilters = z.object({
  search: searchSchema,
  category: z.enum(supplierCategoryValues, 'validation.supplierCategory').optional(),
  /** true: active only; false: inactive only; absent: both. */
  active: z.boolean().optional(),
});
export type SupplierFilters = z.infer<typeof supplierFilters>;
export const supplierListInput = supplierFilters.extend(pageInput(25, 200));

// ---- Spare parts and stock ------------------------------------------------------------------

export const partInput = z.object({
  code: requiredText(40),
  description: requiredText(200),
  unit: z.enum(partUnitValues, 'validation.partUnit'),
  minimumStock: stockLevelSchema.default('0'),
  preferredSupplierId: supplierIdSchema.nullish().transform((v) => v ?? null),
  defaultLocationId: stockLocationIdSchema.nullish().transform((v) => v ?? null),
  compatibleKinds: z
    .array(z.enum(equipmentKindValues, 'validation.equipmentKind'))
    .max(equipmentKindValues.length)
    .default([])
    .transform((k) => [...new Set(k)]),
});
export type PartInput = z.input<typeof partInput>;
export const partUpdateInput = partInput.extend({ id: partIdSchema });

export const stockLocationInput = z.object({ name: requiredText(80) });

/** Counted stock differs from the books: add (found) or remove (lost, damaged) with a reason. */
export const stockAdjustmentInput = z.object({
  partId: partIdSchema,
  locationId: stockLocationIdSchema,
  direction: z.enum(['in', 'out']),
  quantity: quantitySchema,
  reason: requiredText(500),
});

export const stockTransferInput = z
  .object({
    partId: partIdSchema,
    fromLocationId: stockLocationIdSchema,
    toLocationId: stockLocationIdSchema,
    quantity: quantitySchema,
  })
  .refine((t) => t.fromLocationId !== t.toLocationId, {
    message: 'validation.transferSameLocation',
    path: ['toLocationId'],
  });

/** The stock of a part on a given day (end of that day in the site's time zone). */
export const stockOnDayInput = z.object({ partId: partIdSchema, day: calendarDateSchema });

/** A part line on a work order: taken from stock when the order completes. */
export const workOrderPartInput = z.object({
  workOrderId: workOrderIdSchema,
  partId: partIdSchema,
  locationId: stockLocationIdSchema,
  quantity: quantitySchema,
});

// ---- Purchase orders ------------------------------------------------------------------------

/** The largest line total numeric(14, 2) holds. */
const LINE_TOTAL_MAX = '999999999999.99';

export const purchaseOrderLineInput = z
  .object({
    /** A catalogue part, or null for a line described freely (a service, a one-off item). */
    partId: partIdSchema.nullish().transform((v) => v ?? null),
    description: requiredText(200),
    quantity: quantitySchema,
    unit: z.enum(partUnitValues, 'validation.partUnit'),
    unitPrice: unitPriceSchema,
  })
  .refine(
    (l) =>
      !isDecimal(l.quantity) ||
      !isDecimal(l.unitPrice) ||
      compareDecimals(lineTotal(l.quantity, l.unitPrice), LINE_TOTAL_MAX) <= 0,
    {
      message: 'validation.lineTotalTooLarge',
      path: ['unitPrice'],
    },
  );
export type PurchaseOrderLineInput = z.input<typeof purchaseOrderLineInput>;

export const purchaseOrderInput = z.object({
  supplierId: supplierIdSchema,
  expectedDelivery: calendarDateSchema.nullish().transform((v) => v ?? null),
  workOrderId: workOrderIdSchema.nullish().transform((v) => v ?? null),
  freight: moneySchema.default('0.00'),
  notes: optionalText(4000),
  lines: z
    .array(purchaseOrderLineInput)
    .min(1, 'validation.linesRequired')
    .max(PURCHASE_ORDER_LINES_MAX, 'validation.linesTooMany'),
});
export type PurchaseOrderInput = z.input<typeof purchaseOrderInput>;

/** Editing a draft (only drafts change; submitted orders go back to draft first). */
export const purchaseOrderUpdateInput = purchaseOrderInput.extend({ id: purchaseOrderIdSchema });

/** submit, approve, back to draft: the order only. */
export const purchaseOrderActionInput = z.object({ id: purchaseOrderIdSchema });

export const purchaseOrderCancelInput = z.object({ id: purchaseOrderIdSchema, reason: requiredText(500) });

/** Receiving, line by line: what arrived now (added to what arrived before), into a location. */
export const purchaseOrderReceiveInput = z.object({
  id: purchaseOrderIdSchema,
  locationId: stockLocationIdSchema,
  lines: z
    .array(z.object({ lineId: purchaseOrderLineIdSchema, quantity: quantitySchema }))
    .min(1, 'validation.linesRequired')
    .max(PURCHASE_ORDER_LINES_MAX, 'validation.linesTooMany'),
});

/** What narrows the orders list; the same filters drive the page, its URL and the CSV export. */
export const purchaseOrderFilters = z
  .object({
    search: searchSchema,
    status: z.enum(purchaseOrderStatusValues, 'validation.purchaseOrderStatus').optional(),
    supplierId: supplierIdSchema.optional(),
    workOrderId: workOrderIdSchema.optional(),
    /** Created on or after / on or before (calendar dates). */
    from: calendarDateSchema.optional(),
    to: calendarDateSchema.optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'validation.dateOrder', path: ['to'] });
export type PurchaseOrderFilters = z.infer<typeof purchaseOrderFilters>;

// ---- Approval limit (settings) -------------------------------------------------------------

/**
 * Settings key `purchaseApproval` (PURCHASE_APPROVAL_SETTINGS_KEY): admins approve any order; an
 * operator approves orders whose total (lines + freight) is at most `operatorLimit` (R$).
 */
export const purchaseApprovalSettingsSchema = z.object({ operatorLimit: moneySchema });
export type PurchaseApprovalSettings = z.infer<typeof purchaseApprovalSettingsSchema>;
export const defaultPurchaseApprovalSettings: PurchaseApprovalSettings = { operatorLimit: '5000.00' };

export const supplierIdInput = z.object({ id: supplierIdSchema });
