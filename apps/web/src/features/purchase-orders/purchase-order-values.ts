import { hasRole, type Role } from '@sentinela/shared/auth-rules';
import { compareDecimals, isDecimal, lineTotal, sumDecimals } from '@sentinela/shared/decimal';
import type { Language } from '@sentinela/shared/language';
import type { PurchaseOrderStatus } from '@sentinela/shared/procurement-values';
import { formatCurrency } from '../../lib/format';

/**
 * The purchase-orders page's plain logic (no zod, no React): typed decimals, exact totals, and
 * which actions a role may take on an order. Amounts stay decimal strings; only the final
 * display goes through a number (formatCurrency, spec §9: R$ in pt, US$ ÷ 5 in en).
 */

/** A decimal as typed ("1.234,5" in pt, "1,234.5" in en, or plain "1234.5") → "1234.5"; blank → "". */
export function decimalFromText(text: string, language: Language): string {
  const t = text.trim().replace(/\s/g, '');
  if (t === '') return '';
  if (language === 'pt' || (t.includes(',') && !t.includes('.') && !/,\d{3}$/.test(t)))
    return t.includes(',') ? t.replace(/\./g, '').replace(',', '.') : t;
  return t.replace(/,/g, '');
}

/** A decimal string shown in the language's way, trailing zeros dropped ("2.500" → "2,5" in pt). */
export function formatDecimalText(value: string, language: Language): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const digits = fraction.replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, language === 'pt' ? '.' : ',');
  return digits ? `${grouped}${language === 'pt' ? ',' : '.'}${digits}` : grouped;
}

/** A decimal string as an editable field shows it: no grouping, comma in pt, trailing zeros dropped ("1500.5000" → "1500,5"). */
export function editableDecimal(value: string, language: Language): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const digits = fraction.replace(/0+$/, '');
  return digits ? `${whole}${language === 'pt' ? ',' : '.'}${digits}` : whole;
}

/** An R$ decimal string in the user's currency. */
export function formatMoneyText(amount: string | null | undefined, language: Language): string {
  return formatCurrency(amount === null || amount === undefined ? null : Number(amount), language);
}

export interface LineValues {
  quantity: string;
  unitPrice: string;
}

/** The form's totals, exact: each line's (null while it is not a number yet), the lines', and the order's. */
export function formTotals(
  lines: readonly LineValues[],
  freight: string,
  language: Language,
): { lineTotals: (string | null)[]; linesTotal: string; total: string } {
  const lineTotals = lines.map((l) => {
    const q = decimalFromText(l.quantity, language);
    const p = decimalFromText(l.unitPrice, language);
    return isDecimal(q) && isDecimal(p) ? lineTotal(q, p) : null;
  });
  const linesTotal = sumDecimals(lineTotals, 2);
  const f = decimalFromText(freight, language);
  const freightValue = isDecimal(f) && (f.split('.')[1]?.length ?? 0) <= 2 ? f : '0';
  return { lineTotals, linesTotal, total: sumDecimals([linesTotal, freightValue], 2) };
}

export type OrderAction = 'edit' | 'submit' | 'returnToDraft' | 'approve' | 'receive' | 'cancel';

export interface ActionState {
  /** The action applies to the order's status. */
  shown: boolean;
  /** The caller may take it (else the button is disabled with `reason`). */
  allowed: boolean;
  reason?: 'role' | 'overLimit' | 'adminOnly';
}

const byStatus: Record<OrderAction, readonly PurchaseOrderStatus[]> = {
  edit: ['draft'],
  submit: ['draft'],
  returnToDraft: ['submitted'],
  approve: ['submitted'],
  receive: ['approved', 'partially_received'],
  cancel: ['draft', 'submitted', 'approved', 'partially_received'],
};

/** What a role may do with an order, with the same rules the server enforces. */
export function orderActions(
  order: { status: PurchaseOrderStatus; total: string },
  role: Role | undefined,
  operatorLimit: string | undefined,
): Record<OrderAction, ActionState> {
  const user = role ? { role } : null;
  const operator = hasRole(user, 'operator');
  const admin = hasRole(user, 'admin');
  const state = (action: OrderAction): ActionState => {
    const shown = byStatus[action].includes(order.status);
    if (!operator) return { shown, allowed: false, reason: 'role' };
    if (action === 'cancel' && !admin) return { shown, allowed: false, reason: 'adminOnly' };
    if (action === 'approve' && !admin && (!operatorLimit || compareDecimals(order.total, operatorLimit) > 0))
      return { shown, allowed: false, reason: 'overLimit' };
    return { shown, allowed: true };
  };
  return {
    edit: state('edit'),
    submit: state('submit'),
    returnToDraft: state('returnToDraft'),
    approve: state('approve'),
    receive: state('receive'),
    cancel: state('cancel'),
  };
}
