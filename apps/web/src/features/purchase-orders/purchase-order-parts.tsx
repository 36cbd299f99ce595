import type { PurchaseOrderStatus } from '@sentinela/shared/procurement-values';
import type { ReactNode } from 'react';
import { StatusPill, type Tone } from '../../components/status-badge';
import { DisabledReason } from '../../components/role-gated';
import { useStrings } from '../../lib/i18n/strings';
import { Button } from '../../components/ui/button';
import { purchaseOrdersStrings } from './purchase-orders.strings';
import type { ActionState } from './purchase-order-values';

const tone: Record<PurchaseOrderStatus, Tone> = {
  draft: 'zinc',
  submitted: 'amber',
  approved: 'sky',
  partially_received: 'violet',
  received: 'green',
  cancelled: 'red',
};

/** The order's status, and "late" when it is still awaited past its expected day. */
export function PurchaseOrderStatusBadges({ status, late }: { status: PurchaseOrderStatus; late: boolean }) {
  const t = useStrings(purchaseOrdersStrings);
  return (
    <span className="inline-flex flex-wrap gap-1">
      <StatusPill tone={tone[status]} data-status={status}>
        {t(`status.${status}`)}
      </StatusPill>
      {late && <StatusPill tone="red">{t('late')}</StatusPill>}
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
  return state.allowed ? (
    button
  ) : (
    <DisabledReason reason={reason} slot="role-gated">
      {button}
    </DisabledReason>
  );
}
