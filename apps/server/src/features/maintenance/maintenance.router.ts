import { z } from 'zod';
import {
  maintenanceKpisInput,
  maintenanceKpisOutput,
  maintenancePlanCreateInput,
  maintenancePlansListOutput,
  maintenancePlanSchema,
  maintenancePlanUpdateInput,
  technicianOptionsOutput,
  workOrderCancelInput,
  workOrderCheckInput,
  workOrderCompleteInput,
  workOrderCreateInput,
  workOrderDetailSchema,
  workOrderIdInput,
  workOrderReassignInput,
  workOrderRescheduleInput,
  workOrdersListInput,
  workOrdersCsvOutput,
  workOrdersListOutput,
  runDuePlansOutput,
} from '@sentinela/shared/maintenance';
import { workOrderCalendarInput, workOrderCalendarOutput } from '@sentinela/shared/maintenance-calendar';
import { workOrderPartInput } from '@sentinela/shared/procurement';
import { workOrderPartRemoveInput, workOrderPartsInput, workOrderPartsOutput } from '@sentinela/shared/spare-parts';
import { heavyProcedure, router } from '../../trpc/init';
import { changeProcedure, listProcedure, readProcedure } from '../../trpc/procedures';
import {
  cancelWorkOrder,
  checkWorkOrderItem,
  completeWorkOrder,
  reassignWorkOrder,
  rescheduleWorkOrder,
  startWorkOrder,
} from './work-order-lifecycle';
import { workOrderCalendar } from './work-order-calendar.service';
import { maintenanceKpis } from './maintenance-kpis.service';
import {
  createMaintenancePlan,
  listMaintenancePlans,
  runDuePlans,
  updateMaintenancePlan,
} from './maintenance-plans.service';
import { listWorkOrderParts, removeWorkOrderPart, setWorkOrderPart } from './work-order-parts.service';
import { exportWorkOrdersCsv } from './work-orders-csv';
import { createWorkOrder, getWorkOrder, listWorkOrders, technicianOptions } from './work-orders.service';

/** Work orders (PRODUCT.md §3): viewers read; operators create and run them; admins also cancel. */
const ordersRouter = router({
  list: readProcedure(workOrdersListInput, workOrdersListOutput, listWorkOrders),
  /** The filtered list (every page) as a CSV file in the caller's language. */
  exportCsv: heavyProcedure
    .input(workOrdersListInput)
    .output(workOrdersCsvOutput)
    .query(({ ctx, input }) => exportWorkOrdersCsv(ctx.db, input, ctx.lang, ctx.auth.now())),
  calendar: readProcedure(workOrderCalendarInput, workOrderCalendarOutput, workOrderCalendar),
  get: readProcedure(workOrderIdInput, workOrderDetailSchema, (db, input, now) => getWorkOrder(db, input.id, now)),
  technicians: listProcedure(technicianOptionsOutput, technicianOptions),
  create: changeProcedure('operator', workOrderCreateInput, workOrderDetailSchema, createWorkOrder),
  start: changeProcedure('operator', workOrderIdInput, workOrderDetailSchema, startWorkOrder),
  complete: changeProcedure('operator', workOrderCompleteInput, workOrderDetailSchema, completeWorkOrder),
  check: changeProcedure('operator', workOrderCheckInput, workOrderDetailSchema, checkWorkOrderItem),
  reschedule: changeProcedure('operator', workOrderRescheduleInput, workOrderDetailSchema, rescheduleWorkOrder),
  reassign: changeProcedure('operator', workOrderReassignInput, workOrderDetailSchema, reassignWorkOrder),
  cancel: changeProcedure('admin', workOrderCancelInput, workOrderDetailSchema, cancelWorkOrder),
  /** The parts an order uses (taken from stock when it completes): editable while it is open. */
  parts: router({
    list: readProcedure(workOrderPartsInput, workOrderPartsOutput, listWorkOrderParts),
    set: changeProcedure('operator', workOrderPartInput, workOrderPartsOutput, setWorkOrderPart),
    remove: changeProcedure('operator', workOrderPartRemoveInput, workOrderPartsOutput, removeWorkOrderPart),
  }),
});

/** Preventive plans: everyone reads; admins create and edit them. */
const plansRouter = router({
  list: readProcedure(z.void(), maintenancePlansListOutput, listMaintenancePlans),
  create: changeProcedure('admin', maintenancePlanCreateInput, maintenancePlanSchema, createMaintenancePlan),
  update: changeProcedure('admin', maintenancePlanUpdateInput, maintenancePlanSchema, updateMaintenancePlan),
  /** Runs the preventive plans' job now (it also runs at start and every 10 minutes). */
  runDue: changeProcedure('admin', z.object({}).nullish(), runDuePlansOutput, runDuePlans),
});

export const maintenanceRouter = router({
  orders: ordersRouter,
  plans: plansRouter,
  kpis: readProcedure(maintenanceKpisInput, maintenanceKpisOutput, maintenanceKpis),
});
