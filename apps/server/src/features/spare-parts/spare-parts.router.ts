import {
  partInput,
  partUpdateInput,
  stockAdjustmentInput,
  stockOnDayInput,
  stockTransferInput,
} from '@sentinela/shared/procurement';
import {
  partDetailSchema,
  partIdInput,
  partListInput,
  partListOutput,
  partOptionsInput,
  partOptionsOutput,
  partsCsvOutput,
  partSetActiveInput,
  stockLocationCreateInput,
  stockLocationSchema,
  stockLocationsOutput,
  stockOnDayOutput,
  supplierOptionsOutput,
} from '@sentinela/shared/spare-parts';
import { authenticatedProcedure, router } from '../../trpc/init';
import { changeProcedure, listProcedure, readProcedure } from '../../trpc/procedures';
import { exportPartsCsv } from './parts-csv';
import {
  createPart,
  getPart,
  listParts,
  partOptions,
  setPartActive,
  supplierOptions,
  updatePart,
} from './parts.service';
import { adjustStock, createStockLocation, listStockLocations, stockOnDay, transferStock } from './stock.service';

/**
 * Spare parts (issue 15): viewers read; operators edit parts and move stock; admins also retire
 * parts and add stock locations. Receipts come from purchase orders, consumption from work orders.
 */
export const sparePartsRouter = router({
  list: readProcedure(partListInput, partListOutput, listParts),
  exportCsv: authenticatedProcedure
    .input(partListInput)
    .output(partsCsvOutput)
    .query(({ ctx, input }) => exportPartsCsv(ctx.db, input, ctx.lang, ctx.auth.now())),
  get: readProcedure(partIdInput, partDetailSchema, (db, input) => getPart(db, input.id)),
  options: readProcedure(partOptionsInput, partOptionsOutput, partOptions),
  supplierOptions: listProcedure(supplierOptionsOutput, supplierOptions),
  stockOnDay: readProcedure(stockOnDayInput, stockOnDayOutput, stockOnDay),
  create: changeProcedure('operator', partInput, partDetailSchema, createPart),
  update: changeProcedure('operator', partUpdateInput, partDetailSchema, updatePart),
  setActive: changeProcedure('admin', partSetActiveInput, partDetailSchema, setPartActive),
  adjust: changeProcedure('operator', stockAdjustmentInput, partDetailSchema, adjustStock),
  transfer: changeProcedure('operator', stockTransferInput, partDetailSchema, transferStock),
  locations: router({
    list: listProcedure(stockLocationsOutput, listStockLocations),
    create: changeProcedure('admin', stockLocationCreateInput, stockLocationSchema, createStockLocation),
  }),
});
