import {
  supplierFilters,
  supplierIdInput,
  supplierInput,
  supplierListInput,
  supplierSetActiveInput,
  supplierUpdateInput,
} from '@sentinela/shared/procurement';
import {
  supplierDetailSchema,
  supplierOptionsOutput,
  suppliersCsvOutput,
  suppliersListOutput,
} from '@sentinela/shared/suppliers';
import { authenticatedProcedure, router } from '../../trpc/init';
import { changeProcedure, listProcedure, readProcedure } from '../../trpc/procedures';
import { exportSuppliersCsv } from './suppliers-csv';
import {
  createSupplier,
  getSupplier,
  listSuppliers,
  setSupplierActive,
  supplierOptions,
  updateSupplier,
} from './suppliers.service';

/** Suppliers (issue 15): viewers read; operators create and edit; admins deactivate and reactivate. */
export const suppliersRouter = router({
  list: readProcedure(supplierListInput, suppliersListOutput, listSuppliers),
  /** The filtered list (every page) as a CSV file in the caller's language. */
  exportCsv: authenticatedProcedure
    .input(supplierFilters)
    .output(suppliersCsvOutput)
    .query(({ ctx, input }) => exportSuppliersCsv(ctx.db, input, ctx.lang, ctx.auth.now())),
  options: listProcedure(supplierOptionsOutput, supplierOptions),
  get: readProcedure(supplierIdInput, supplierDetailSchema, (db, input) => getSupplier(db, input.id)),
  create: changeProcedure('operator', supplierInput, supplierDetailSchema, (caller, input) =>
    createSupplier(caller, input),
  ),
  update: changeProcedure('operator', supplierUpdateInput, supplierDetailSchema, (caller, input) =>
    updateSupplier(caller, input),
  ),
  setActive: changeProcedure('admin', supplierSetActiveInput, supplierDetailSchema, (caller, input) =>
    setSupplierActive(caller, input),
  ),
});
