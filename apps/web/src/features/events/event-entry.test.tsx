import type { EventItem } from '@sentinela/shared/events';
import type { Language } from '@sentinela/shared/language';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { subjectHref } from './event-links';
import { EventEntry } from './event-entry';

afterEach(cleanup);

const base: EventItem = {
  id: 'status:1',
  at: new Date('2026-03-02T12:05:00Z'),
  kind: 'device',
  code: 'device.offline',
  params: { from: 'online' },
  severity: null,
  result: null,
  actor: 'system',
  subject: { type: 'equipment', id: 'mtr-a1', label: 'Motor A1' },
  equipment: { id: 'mtr-a1', name: 'Motor A1' },
  facility: { id: 'f1', name: 'Planta Campinas', timezone: 'America/Sao_Paulo' },
  alert: null,
};

function entry(item: EventItem, language: Language = 'pt') {
  render(
    <LanguageProvider fallbackLanguage={language}>
      <Router>
        <ol>
          <EventEntry entry={item} siteZone={undefined} />
        </ol>
      </Router>
    </LanguageProvider>,
  );
  return screen.getByRole('listitem');
}

describe('events timeline entry', () => {
  it("words a device's status change in the reader's language, in its facility's clock, linking to its drawer", () => {
    const li = entry(base);
    const link = screen.getByRole('link', { name: 'Equipamento offline' });
    expect(link.getAttribute('href')).toBe('/equipment?search=mtr-a1&open=mtr-a1');
    expect(li.textContent).toContain('09:05'); // 12:05 UTC in São Paulo
    expect(li.textContent).toContain('Motor A1 · Planta Campinas — por sistema');
    cleanup();
    entry(base, 'en');
    expect(screen.getByRole('link', { name: 'Equipment offline' })).toBeTruthy();
  });

  it('says a command, its outcome, who sent it, and a refusal in the device words', () => {
    const li = entry({
      ...base,
      id: 'command:c1:2-outcome',
      kind: 'command',
      code: 'command.failed',
      params: { action: 'setPower', on: false, error: 'tripped: reset the overload relay' },
      result: 'failure',
      actor: 'otto@example.com',
    });
    expect(screen.getByRole('link').textContent).toBe('Comando recusado pelo dispositivo: desligar');
    expect(li.textContent).toContain('Falha');
    expect(li.textContent).toContain('tripped: reset the overload relay');
    expect(li.textContent).toContain('por otto@example.com');
  });

  it("shows an alert's own text and severity, and a work order's number", () => {
    entry({
      ...base,
      id: 'alert:a1:1-raised',
      kind: 'alert',
      code: 'alert.raised',
      params: { value: 91 },
      severity: 'critical',
      subject: { type: 'alert', id: 'a1', label: null },
      alert: { message: 'Temperatura alta', messageKey: null, messageParams: null },
    });
    expect(screen.getByRole('link', { name: 'Alerta disparado' }).getAttribute('href')).toBe('/alerts?alert=a1');
    expect(screen.getByText('Temperatura alta')).toBeTruthy();
    expect(screen.getByText('Crítico')).toBeTruthy();
    cleanup();
    entry(
      {
        ...base,
        id: 'audit:9',
        kind: 'workOrder',
        code: 'workOrders.start',
        params: { number: 'OS-2026-0001' },
        subject: { type: 'workOrder', id: 'w1', label: 'OS-2026-0001' },
      },
      'en',
    );
    expect(screen.getByRole('link', { name: 'Work order OS-2026-0001 started' }).getAttribute('href')).toBe(
      '/maintenance?order=w1',
    );
  });

  it('words an unknown action by its kind, and links nothing without a subject', () => {
    entry({ ...base, id: 'audit:10', kind: 'notification', code: 'notification.webhook', subject: null, params: {} });
    expect(screen.getByText('Notificação: notification.webhook')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(subjectHref({ subject: null, equipment: null })).toBeNull();
  });
});
