import type { SystemDetails } from '@sentinela/shared/system';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/format';
import { LanguageProvider } from '../../lib/i18n/language-provider';
import { formatUptime, SystemHealthView } from './system-health-view';

afterEach(cleanup);

const at = new Date('2026-03-02T12:00:00Z');
const details: SystemDetails = {
  at,
  status: 'ok',
  process: {
    uptimeSeconds: 3725,
    rssBytes: 150 * 1024 * 1024,
    heapUsedBytes: 60 * 1024 * 1024,
    heapTotalBytes: 90 * 1024 * 1024,
    eventLoopLagMs: 12.5,
  },
  database: {
    reachable: true,
    latencyMs: 0.8,
    sizeBytes: 50 * 1024 * 1024,
    connections: null,
    migrationsApplied: 12,
    migrationsShipped: 12,
  },
  broker: {
    kind: 'embedded',
    connected: true,
    clients: null,
    messagesInPerSecond: null,
    messagesOutPerSecond: null,
    droppedMessages: null,
    refusals: {},
  },
  ingest: {
    pointsPerSecond: 1234.5,
    messagesPerSecond: 200,
    batchMs: 4.2,
    backlog: 10,
    pointsTotal: 100000,
    writtenTotal: 99990,
    rejected: { malformed: 0, unknownEquipment: 3 },
    lastPointAt: at,
  },
  live: { clients: 2, relay: null },
  jobs: [
    {
      name: 'maintenance.plans',
      lastStartedAt: at,
      lastFinishedAt: at,
      lastDurationMs: 20,
      outcome: 'error',
      runCount: 3,
    },
    {
      name: 'telemetry.rollups',
      lastStartedAt: at,
      lastFinishedAt: at,
      lastDurationMs: 850,
      outcome: 'ok',
      runCount: 7,
    },
  ],
  silentDevices: [{ facilityId: 'f1', facilityName: 'Campinas', count: 1, total: 20 }],
  history: [0, 1, 2].map((i) => ({
    at: new Date(at.getTime() + i * 10_000),
    pointsPerSecond: 1000 + i,
    batchMs: 4,
    backlog: 0,
    databaseLatencyMs: 1,
    eventLoopLagMs: 10,
    rssBytes: 150 * 1024 * 1024,
    heapUsedBytes: 60 * 1024 * 1024,
    liveClients: 1,
    brokerMessagesInPerSecond: null,
    brokerMessagesOutPerSecond: null,
  })),
};

const inLanguage = (language: 'pt' | 'en') =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <LanguageProvider fallbackLanguage={language}>{children}</LanguageProvider>;
  };
const figure = (label: string) => document.querySelector(`[data-figure="${label}"]`)?.textContent;

describe('System Health view', () => {
  it('shows each area’s figures in Portuguese, jobs with their outcome and silent devices by facility', async () => {
    render(<SystemHealthView details={details} />, { wrapper: inLanguage('pt') });
    expect(figure('Em execução há')).toBe('1 h 2 min');
    expect(figure('Pontos por segundo')).toBe('1.234,5');
    expect(figure('Recusados')).toBe('3 equipamento desconhecido');
    expect(figure('Migrações aplicadas / distribuídas')).toBe('12 / 12');
    expect(figure('Navegadores no fluxo ao vivo')).toBe('2');
    expect(figure('Campinas')).toBe('1 / 20');
    const jobs = screen.getByRole('region', { name: 'Tarefas em segundo plano' });
    const plans = within(jobs).getByRole('row', { name: /maintenance\.plans/ });
    expect(within(plans).getByText('Erro')).toBeTruthy();
    // The charts come with uPlot, loaded after the page (ADR 025).
    expect(await screen.findAllByRole('img', { name: /última hora/ })).toHaveLength(4);
  });

  it('leaves out the administrator’s fields when the answer has none, and shows them when it has', () => {
    const { unmount } = render(<SystemHealthView details={details} />, { wrapper: inLanguage('en') });
    expect(screen.queryByText('Version')).toBeNull();
    expect(screen.queryByText('Address')).toBeNull();
    unmount();
    render(
      <SystemHealthView
        details={{
          ...details,
          process: { ...details.process, version: '1.4.0', nodeVersion: 'v20.1.0' },
          database: { ...details.database, kind: 'postgres', address: 'postgres://db:5432/sentinela' },
        }}
      />,
      { wrapper: inLanguage('en') },
    );
    expect(figure('Version')).toBe('1.4.0');
    expect(figure('Kind')).toBe('PostgreSQL');
    expect(figure('Points per second')).toBe('1,234.5');
  });

  it('shows the live relay between instances when there is one, in both languages', () => {
    const relay = {
      notificationsSent: 1200,
      eventsSent: 45_000,
      batches: 900,
      coalesced: 3000,
      notificationsReceived: 1100,
      eventsReceived: 40_000,
      dropped: 2,
      oversized: 1,
      relistens: 0,
      peers: 1,
      lastPeerAt: at,
    };
    const { unmount } = render(<SystemHealthView details={details} />, { wrapper: inLanguage('en') });
    // A single instance on PGlite: no relay, no card.
    expect(screen.queryByText('Between instances')).toBeNull();
    unmount();
    const withRelay = { ...details, live: { clients: 2, relay } };
    const { unmount: unmountEn } = render(<SystemHealthView details={withRelay} />, { wrapper: inLanguage('en') });
    expect(screen.getByText('Between instances')).toBeTruthy();
    expect(figure('Other instances heard')).toBe('1');
    expect(figure('Notifications sent (events)')).toBe('1,200 (45,000)');
    expect(figure('Notifications received (events)')).toBe('1,100 (40,000)');
    expect(figure('Batches sent / events coalesced')).toBe('900 / 3,000');
    expect(figure('Events dropped (oversized)')).toBe('2 (1)');
    expect(figure('Last heard from another instance')).toBe(formatDateTime(at, 'en'));
    unmountEn();
    render(<SystemHealthView details={withRelay} />, { wrapper: inLanguage('pt') });
    expect(figure('Notificações enviadas (eventos)')).toBe('1.200 (45.000)');
    expect(figure('Lotes enviados / eventos agrupados')).toBe('900 / 3.000');
    expect(figure('Escutas refeitas')).toBe('0');
  });

  it('says when the history has no sample yet', () => {
    render(<SystemHealthView details={{ ...details, history: [], jobs: [] }} />, { wrapper: inLanguage('en') });
    expect(screen.getByText('The first sample comes within 10 s.')).toBeTruthy();
    expect(screen.getByText('No job has run yet.')).toBeTruthy();
  });

  it('words an uptime in its largest units', () => {
    expect(formatUptime(12)).toBe('12 s');
    expect(formatUptime(250)).toBe('4 min 10 s');
    expect(formatUptime(2 * 86_400 + 3 * 3600)).toBe('2 d 3 h');
  });
});
