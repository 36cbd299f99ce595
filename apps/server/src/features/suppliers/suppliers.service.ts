import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import { purchaseOrderLines, purchaseOrders, supplierContacts, suppliers } from '@sentinela/db/schema/procurement';
import { searchTextMatches } from '@sentinela/db/sql-helpers';
import { formatCnpj, normalizeCnpj } from '@sentinela/shared/cnpj';
import { pageOffset } from '@sentinela/shared/page';
import {
  openPurchaseOrderStatuses,
  type SupplierFilters,
  type supplierInput,
  type supplierListInput,
  type supplierSetActiveInput,
  type supplierUpdateInput,
} from '@sentinela/shared/procurement';
import {
  SUPPLIER_ORDERS_SHOWN,
  type SupplierContact,
  type SupplierDetail,
  type SupplierItem,
  type SupplierPerformance,
  type SuppliersListOutput,
} from '@sentinela/shared/suppliers';
import { callerChange, type ChangeCaller } from '../../platform/audit';
import { AppError, onlyRow } from '../../platform/errors';
import { conflictIfTaken } from '../../platform/sql-state';
import { changedFields } from '../plant/registry-change';

const openStatuses = sql.join(
  openPurchaseOrderStatuses.map((s) => sql`${s}`),
  sql`, `,
);

// Qualified by hand: Drizzle leaves a column unqualified in a query without joins, and inside a
// correlated subquery "id" would be the subquery's own.
const supplierId = sql.raw('"suppliers"."id"');
const orderId = sql.raw('"purchase_orders"."id"');

const itemColumns = {
  id: suppliers.id,
  legalName: suppliers.legalName,
  tradeName: suppliers.tradeName,
  cnpj: suppliers.cnpj,
  categories: suppliers.categories,
  paymentTerms: suppliers.paymentTerms,
  active: suppliers.active,
  mainContact: sql<SupplierContact | null>`(select json_build_object('id', c.id, 'name', c.name, 'email', c.email, 'phone', c.phone) from ${supplierContacts} c where c.supplier_id = ${supplierId} order by c.position limit 1)`,
  orders: sql<number>`(select count(*) from ${purchaseOrders} o where o.supplier_id = ${supplierId})`.mapWith(Number),
  openOrders:
    sql<number>`(select count(*) from ${purchaseOrders} o where o.supplier_id = ${supplierId} and o.status in (${openStatuses}))`.mapWith(
      Number,
    ),
};

type ListInput = z.output<typeof supplierListInput>;

/**
 * The search box matches the legal and trade names and the CNPJ: typed with its mask
 * ("84.429.695") it is matched as digits too.
 */
function filterConditions(input: SupplierFilters): SQL[] {
  const where: SQL[] = [];
  if (input.search) {
    const digits = normalizeCnpj(input.search);
    const masked = /^[\d.\-/\s]+$/.test(input.search) && digits.length >= 2 && digits !== input.search;
    where.push(
      masked
        ? (or(
            searchTextMatches(input.search, suppliers.searchText),
            searchTextMatches(digits, suppliers.searchText),
          ) as SQL)
        : searchTextMatches(input.search, suppliers.searchText),
    );
  }
  if (input.category) where.push(sql`${input.category} = any(${suppliers.categories})`);
  if (input.active !== undefined) where.push(eq(suppliers.active, input.active));
  return where;
}

/** Suppliers the filters match, by legal name: the page and the CSV export. */
export async function supplierRows(
  db: Database,
  filters: SupplierFilters,
  limit: number,
  offset: number,
): Promise<SupplierItem[]> {
  return db
    .select(itemColumns)
    .from(suppliers)
    .where(and(...filterConditions(filters)))
    .orderBy(asc(suppliers.legalName), asc(suppliers.id))
    .limit(limit)
    .offset(offset);
}

export async function listSuppliers(db: Database, input: ListInput): Promise<SuppliersListOutput> {
  const where = and(...filterConditions(input));
  const [items, [total]] = await Promise.all([
    supplierRows(db, input, input.pageSize, pageOffset(input)),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(suppliers)
      .where(where),
  ]);
  return { items, total: total?.n ?? 0, page: input.page, pageSize: input.pageSize };
}

/** Active suppliers to pick from (the order form), by name. */
export function supplierOptions(db: Database) {
  return db
    .select({ id: suppliers.id, legalName: suppliers.legalName, tradeName: suppliers.tradeName, cnpj: suppliers.cnpj })
    .from(suppliers)
    .where(eq(suppliers.active, true))
    .orderBy(asc(suppliers.legalName));
}

const orderTotal = sql<string>`(coalesce((select sum(l.line_total) from ${purchaseOrderLines} l where l.order_id = ${orderId}), 0) + "purchase_orders"."freight")::numeric(14, 2)::text`;

/**
 * On-time rate and average lead time over the supplier's received orders (PostgreSQL does the
 * arithmetic; `expected_delivery` is a date, compared with the day the order was fully received
 * in UTC).
 */
async function supplierPerformance(db: Database, supplierId: string): Promise<SupplierPerformance> {
  const [row] = await db
    .select({
      received: sql<number>`count(*)`.mapWith(Number),
      withExpected: sql<number>`count(${purchaseOrders.expectedDelivery})`.mapWith(Number),
      onTime:
        sql<number>`count(*) filter (where (${purchaseOrders.receivedAt} at time zone 'UTC')::date <= ${purchaseOrders.expectedDelivery})`.mapWith(
          Number,
        ),
      leadDays: sql<
        number | null
      >`avg(extract(epoch from (${purchaseOrders.receivedAt} - ${purchaseOrders.approvedAt})) / 86400) filter (where ${purchaseOrders.approvedAt} is not null)`.mapWith(
        (v: string | number | null) => (v === null ? null : Number(v)),
      ),
    })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.supplierId, supplierId), eq(purchaseOrders.status, 'received')));
  const received = row?.received ?? 0;
  const withExpectedDate = row?.withExpected ?? 0;
  const onTime = row?.onTime ?? 0;
  const lead = row?.leadDays ?? null;
  return {
    receivedOrders: received,
    withExpectedDate,
    onTime,
    onTimeRate: withExpectedDate > 0 ? onTime / withExpectedDate : null,
    averageLeadDays: lead === null ? null : Math.round(lead * 10) / 10,
  };
}

/** One supplier with its contacts, latest orders and delivery performance. */
export async function getSupplier(db: Database, id: string): Promise<SupplierDetail> {
  const [[row], contacts, recentOrders, performance] = await Promise.all([
    db
      .select({
        ...itemColumns,
        notes: suppliers.notes,
        createdAt: suppliers.createdAt,
        updatedAt: suppliers.updatedAt,
      })
      .from(suppliers)
      .where(eq(suppliers.id, id)),
    db
      .select({
        id: supplierContacts.id,
        name: supplierContacts.name,
        email: supplierContacts.email,
        phone: supplierContacts.phone,
      })
      .from(supplierContacts)
      .where(eq(supplierContacts.supplierId, id))
      .orderBy(asc(supplierContacts.position)),
    db
      .select({
        id: purchaseOrders.id,
        number: purchaseOrders.number,
        status: purchaseOrders.status,
        createdAt: purchaseOrders.createdAt,
        expectedDelivery: purchaseOrders.expectedDelivery,
        receivedAt: purchaseOrders.receivedAt,
        total: orderTotal,
      })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.supplierId, id))
      .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.number))
      .limit(SUPPLIER_ORDERS_SHOWN),
    supplierPerformance(db, id),
  ]);
  if (!row) throw new AppError('NOT_FOUND', 'suppliers.notFound');
  return { ...row, contacts, recentOrders, performance };
}

type SupplierFields = z.output<typeof supplierInput>;

const storedFields = (input: SupplierFields) => ({
  legalName: input.legalName,
  tradeName: input.tradeName,
  cnpj: input.cnpj,
  categories: input.categories,
  paymentTerms: input.paymentTerms,
  notes: input.notes,
});

async function writeContacts(tx: Database, supplierId: string, contacts: SupplierFields['contacts']) {
  await tx.delete(supplierContacts).where(eq(supplierContacts.supplierId, supplierId));
  if (contacts.length > 0)
    await tx.insert(supplierContacts).values(contacts.map((c, position) => ({ supplierId, position, ...c })));
}

/** A CNPJ another supplier has answers 409 with the masked number, never a 500. */
function orConflict<T>(cnpj: string, change: () => Promise<T>): Promise<T> {
  return conflictIfTaken(change, 'suppliers.cnpjTaken', { cnpj: formatCnpj(cnpj) });
}

async function checkCnpjFree(db: Database, cnpj: string, exceptId?: string) {
  const [other] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.cnpj, cnpj));
  if (other && other.id !== exceptId) throw new AppError('CONFLICT', 'suppliers.cnpjTaken', { cnpj: formatCnpj(cnpj) });
}

export async function createSupplier(
  caller: ChangeCaller,
  input: z.output<typeof supplierInput>,
): Promise<SupplierDetail> {
  await checkCnpjFree(caller.db, input.cnpj);
  const created = await orConflict(input.cnpj, () =>
    callerChange(
      caller,
      async (tx) => {
        const row = onlyRow(await tx.insert(suppliers).values(storedFields(input)).returning({ id: suppliers.id }));
        await writeContacts(tx, row.id, input.contacts);
        return row;
      },
      (row) => ({
        action: 'suppliers.create',
        target: row.id,
        details: { name: input.legalName, cnpj: input.cnpj },
      }),
    ),
  );
  return getSupplier(caller.db, created.id);
}

export async function updateSupplier(
  caller: ChangeCaller,
  input: z.output<typeof supplierUpdateInput>,
): Promise<SupplierDetail> {
  const before = await getSupplier(caller.db, input.id);
  await checkCnpjFree(caller.db, input.cnpj, input.id);
  const contactsOf = (list: { name: string; email: string | null; phone: string | null }[]) =>
    list.map((c) => ({ name: c.name, email: c.email, phone: c.phone }));
  const changes = changedFields(
    { ...storedFields({ ...before, contacts: [] }), contacts: contactsOf(before.contacts) },
    { ...storedFields(input), contacts: contactsOf(input.contacts) },
  );
  await orConflict(input.cnpj, () =>
    callerChange(
      caller,
      async (tx) => {
        await tx.update(suppliers).set(storedFields(input)).where(eq(suppliers.id, input.id));
        await writeContacts(tx, input.id, input.contacts);
      },
      () => ({
        action: 'suppliers.update',
        target: input.id,
        details: { name: input.legalName, fields: Object.keys(changes) },
      }),
    ),
  );
  return getSupplier(caller.db, input.id);
}

/** Deactivates (kept with its orders, left out of new orders) or reactivates a supplier. */
export async function setSupplierActive(
  caller: ChangeCaller,
  input: z.output<typeof supplierSetActiveInput>,
): Promise<SupplierDetail> {
  const before = await getSupplier(caller.db, input.id);
  if (before.active !== input.active)
    await callerChange(
      caller,
      (tx) => tx.update(suppliers).set({ active: input.active }).where(eq(suppliers.id, input.id)),
      () => ({
        action: input.active ? 'suppliers.activate' : 'suppliers.deactivate',
        target: input.id,
        details: { name: before.legalName },
      }),
    );
  return getSupplier(caller.db, input.id);
}
