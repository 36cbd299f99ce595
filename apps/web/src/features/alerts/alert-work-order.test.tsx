import { describe, expect, it } from 'vitest';
import type { AlertItem } from '@sentinela/shared/alerts';
import { workOrderFromAlertHref } from './alert-work-order';

const alert = {
  id: '3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a',
  equipmentId: 'mtr-a1',
  severity: 'critical',
  message: 'Temperatura alta',
  messageKey: null,
  messageParams: null,
} as unknown as AlertItem;

describe('work order from an alert', () => {
  it('links to the maintenance form with the equipment, the text and the priority of its severity', () => {
    const url = new URL(workOrderFromAlertHref(alert, 'pt'), 'http://x');
    expect(url.pathname).toBe('/maintenance');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      fromAlert: alert.id,
      equipment: 'mtr-a1',
      title: 'Temperatura alta',
      priority: 'urgent',
    });
    const warning = new URL(workOrderFromAlertHref({ ...alert, severity: 'warning' }, 'en'), 'http://x');
    expect(warning.searchParams.get('priority')).toBe('high');
    const info = new URL(workOrderFromAlertHref({ ...alert, severity: 'info' }, 'en'), 'http://x');
    expect(info.searchParams.get('priority')).toBe('medium');
  });
});
