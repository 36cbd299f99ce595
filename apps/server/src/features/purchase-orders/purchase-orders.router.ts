import { z } from 'zod';
import {
  purchaseApprovalSettingsSchema,
  purchaseOrderActionInput,
  purchaseOrderCancelInput,
  purchaseOrderIdSchema,
  purchaseOrderInput,
  purchaseOrderReceiveInput,
  purchaseOrderUpdateInput,
} from '@sentinela/shared/procurement';
import {
  purchaseOrderDetailSchema,
  purchaseOrderOptionsOutput,
  purchaseOrdersCsvOutput,
  purchaseOrdersListInput,
  purchaseOrdersListOutput,
  suggestedOrderDraftInput,
  suggestedOrdersOutput,
} from '@sentinela/shared/purchase-orders';
import { authenticatedProcedure, operatorProcedure, router } from '../../trpc/init';
import { adminMutation, changeProcedure, listProcedure, readProcedure } from '../../trpc/procedures';
import {
  approvePurchaseOrder,
  cancelPurchaseOrder,
  receivePurchaseOrder,
  returnPurchaseOrderToDraft,
  submitPurchaseOrder,
} from './purchase-order-lifecycle';
import { exportPurchaseOrdersCsv } from './purchase-orders-csv';
import {
  createPurchaseOrder,
  getPurchaseApproval,
  getPurchaseOrder,
  listPurchaseOrders,
  purchaseOrderOptions,
  setPurchaseApproval,
  updatePurchaseOrder,
} from './purchase-orders.service';
import { draftFromSuggestion, suggestedOrders } from './suggested-orders';

/**
 * Purchase orders (issue 15): viewers read; operators draft, submit and receive, and
 * approve up to the limit set on /settings; administrators also approve any order and cancel.
 */
export const purchaseOrdersRouter = router({
  list: readProcedure(purchaseOrdersListInput, purchaseOrdersListOutput, listPurchaseOrders),
  /** The filtered list (every page) as a CSV file in the caller's language. */
  exportCsv: authenticatedProcedure
    .input(purchaseOrdersListInput)
    .output(purchaseOrdersCsvOutput)
    .query(({ ctx, input }) => exportPurchaseOrdersCsv(ctx.db, input, ctx.lang, ctx.auth.now())),
  get: readProcedure(z.object({ id: purchaseOrderIdSchema }), purchaseOrderDetailSchema, (db, input, now) =>
    getPurchaseOrder(db, input.id, now),
  ),
  options: listProcedure(purchaseOrderOptionsOutput, purchaseOrderOptions),
  suggestions: listProcedure(suggestedOrdersOutput, (db) => suggestedOrders(db)),
  create: changeProcedure('operator', purchaseOrderInput, purchaseOrderDetailSchema, createPurchaseOrder),
  update: changeProcedure('operator', purchaseOrderUpdateInput, purchaseOrderDetailSchema, updatePurchaseOrder),
  draftFromSuggestion: changeProcedure(
    'operator',
    suggestedOrderDraftInput,
    purchaseOrderDetailSchema,
    draftFromSuggestion,
  ),
  submit: changeProcedure('operator', purchaseOrderActionInput, purchaseOrderDetailSchema, submitPurchaseOrder),
  returnToDraft: changeProcedure(
    'operator',
    purchaseOrderActionInput,
    purchaseOrderDetailSchema,
    returnPurchaseOrderToDraft,
  ),
  /** Operators up to the limit (the service checks the total against it), administrators any order. */
  approve: operatorProcedure
    .input(purchaseOrderActionInput)
    .output(purchaseOrderDetailSchema)
    .mutation(({ ctx, input }) =>
      approvePurchaseOrder({ db: ctx.db, actor: ctx.user, origin: ctx.caller }, input, { now: ctx.auth.now }),
    ),
  receive: changeProcedure('operator', purchaseOrderReceiveInput, purchaseOrderDetailSchema, receivePurchaseOrder),
  cancel: changeProcedure('admin', purchaseOrderCancelInput, purchaseOrderDetailSchema, cancelPurchaseOrder),
  /** The operators' approval limit (every signed-in user: the page says who may approve). */
  approvalLimit: authenticatedProcedure
    .output(purchaseApprovalSettingsSchema)
    .query(({ ctx }) => getPurchaseApproval(ctx.db)),
  /** Sets it (administrators; audited with the old and new value). */
  setApprovalLimit: adminMutation(purchaseApprovalSettingsSchema, purchaseApprovalSettingsSchema, setPurchaseApproval),
});
