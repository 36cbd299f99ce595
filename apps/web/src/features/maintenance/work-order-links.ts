import type { WorkOrderPrefill } from './work-order-form-dialog';

// The /maintenance links other pages build (as plain URLs: features do not import each other).
// The alerts page writes them the same way (features/alerts/alert-work-order.tsx).

const priorities = new Set(['low', 'medium', 'high', 'urgent']);

/** The new-order form's prefill from `?fromAlert=<id>&equipment=<id>&title=…&priority=…`, if there. */
export function prefillFromParams(params: URLSearchParams): WorkOrderPrefill | undefined {
  const alertId = params.get('fromAlert');
  if (!alertId) return undefined;
  const priority = params.get('priority') ?? '';
  return {
    alertId,
    equipmentId: params.get('equipment') ?? '',
    title: params.get('title') ?? '',
    priority: priorities.has(priority) ? priority : 'medium',
  };
}
