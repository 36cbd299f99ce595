import type { PurchaseOrderStatus } from '@sentinela/shared/procurement-values';
import type { ReactNode } from 'react';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../components/ui/tooltip';
import { cn } from '../../lib/cn';
import { useStrings } from '../../lib/i18n/strings';
import { Button } from '../../components/ui/button';
import { purchaseOrdersStrings } from './purchase-orders.strings';
import type { ActionState } from './purchase-order-values';

const tone: Record<PurchaseOrderStatus, string> = {
  draft: 'bg-zinc-500/15 text-zinc-700 dark:text-zinc-300',
  submitted: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  approved: 'bg-sky-500/15 text-sky-800 dark:text-sky-300',
  partially_received: 'bg-violet-500/15 text-violet-800 dark:text-violet-300',
  received: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
  cancelled: 'bg-red-500/15 text-red-800 dark:text-red-300',
};
const pill = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

/** The order's status, and "late" when it is still awaited past its expected day. */
export function PurchaseOrderStatusBadges({ status, late }: { status: PurchaseOrderStatus; late: boolean }) {
  const t = useStrings(purchaseOrdersStrings);
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span className={cn(pill, tone[status])} data-status={status}>
        {t(`status.${status}`)}
      </span>
      {late && <span className={cn(pill, 'bg-red-500/15 text-red-800 dark:text-red-300')}>{t('late')}</span>}
    </span>
  );
}

/** An action's button: hidden when it does not apply, disabled with the reason when the caller may not take it. */
export function ActionButton({
  state,
  reason,
  onClick,
  children,
  variant,
}: {
  state: ActionState;
  reason: string;
  onClick: () => void;
  children: ReactNode;
  variant?: 'outline' | 'destructive';
}) {
  if (!state.shown) return null;
  const button = (
    <Button size="sm" variant={variant} disabled={!state.allowed} onClick={onClick}>
      {children}
    </Button>
  );
  return state.allowed ? button : <RoleGatedReason reason={reason}>{button}</RoleGatedReason>;
}

/** A disabled control with the reason as a tooltip and as text for screen readers (as RoleGated does). */
function RoleGatedReason({ reason, children }: { reason: string; children: ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span
          tabIndex={0}
          data-slot="role-gated"
          className="inline-flex rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          {children}
          <span className="sr-only">{reason}</span>
        </span>
      </TooltipTrigger>
      <TooltipContent>{reason}</TooltipContent>
    </Tooltip>
  );
}
