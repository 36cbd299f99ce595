import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsOutbox } from '@sentinela/db/schema/accounts';
import { auditLog } from '@sentinela/db/schema/audit';
import { jobRuns } from '@sentinela/db/schema/jobs';
import { emailOutbox } from '@sentinela/db/schema/notifications';
import { alertRules, alerts, equipment, facilities } from '@sentinela/db/schema/plant';
import { testDatabaseKinds } from '@sentinela/db/test/test-database';
import { failure } from '../../../test/call-failure';
import { startTestServer, type TestClient, type TestServer } from '../../../test/test-server';
import type { LiveEvent } from '../../telemetry/live-bus';
import { startAlarmEngine, type AlarmEngine } from '../alerts/alarm-engine';
import { retentionPeriods } from '../../platform/retention-periods';

const log = pino({ level: 'silent' });

describe.each(testDatabaseKinds())('site settings, retention, thresholds and status on %s', (kind) => {
  let server: TestServer;
  let viewer: TestClient;
  let admin: TestClient;
  let adminEn: TestClient;
  let engine: AlarmEngine;
  const published: LiveEvent[] = [];
  const rule = { warning: '', critical: '' };

  const auditOf = async (action: string) =>
    (await server.database.db.select().from(auditLog).where(eq(auditLog.action, action))).at(-1);

  beforeAll(async () => {
    server = await startTestServer(kind);
    viewer = await server.enrolledClient('vera@example.com', 'viewer');
    admin = await server.enrolledClient('ana@example.com', 'admin');
    adminEn = await server.enrolledClient('alan@example.com', 'admin', 'en');
    const db = server.database.db;
    const [site] = await db.insert(facilities).values({ code: 'cps', name: 'Campinas', city: 'Campinas' }).returning();
    await db.insert(equipment).values({
      id: 'm1',
      name: 'Motor 1',
      kind: 'motor',
      status: 'online',
      facilityId: site!.id,
      lastSeenAt: new Date(),
    });
    const rows = await db
      .insert(alertRules)
      .values([
        {
          name: 'Temperatura do motor alta',
          kind: 'motor',
          metric: 'temperature',
          comparison: 'above',
          threshold: 80,
          clearAt: 75,
          severity: 'warning',
        },
        {
          name: 'Temperatura do motor crítica',
          kind: 'motor',
          metric: 'temperature',
          comparison: 'above',
          threshold: 95,
          clearAt: 90,
          severity: 'critical',
        },
      ])
      .returning();
    rule.warning = rows[0]!.id;
    rule.critical = rows[1]!.id;
    server.bus.subscribe((event) => published.push(event));
    engine = await startAlarmEngine({ db, bus: server.bus, log, checkEveryMs: 3_600_000 });
  });
  afterAll(async () => {
    await engine.stop();
    await server.close();
  });

  it('saves the site name, default language and theme switching, audited, for every visitor', async () => {
    const next = { siteName: '  Fábrica Campinas ', themeSwitchable: false, defaultLanguage: 'en' as const };
    expect(await admin.trpc.settings.setSite.mutate(next)).toEqual({ ...next, siteName: 'Fábrica Campinas' });
    expect(await viewer.trpc.settings.public.query()).toEqual({ ...next, siteName: 'Fábrica Campinas' });
    const entry = await auditOf('settings.setSite');
    expect(entry).toMatchObject({ result: 'success', actorEmail: 'ana@example.com' });
    expect(entry!.details).toEqual({
      before: { siteName: 'Sentinela', themeSwitchable: true, defaultLanguage: 'pt' },
      after: { siteName: 'Fábrica Campinas', themeSwitchable: false, defaultLanguage: 'en' },
    });
    expect(published).toContainEqual({ type: 'settings.changed', equipmentId: null, section: 'site' });
    expect(await failure(viewer.trpc.settings.setSite.mutate(next))).toMatchObject({ code: 'FORBIDDEN' });
    expect(await failure(adminEn.trpc.settings.setSite.mutate({ ...next, siteName: '   ' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('1 to 80'),
    });
  });

  it('shows and sets the retention periods within bounds; the job reads them', async () => {
    expect(await admin.trpc.settings.retention.query()).toEqual({ rawDays: 7, minuteDays: 90, auditDays: 365 });
    const next = { rawDays: 14, minuteDays: 180, auditDays: 730 };
    expect(await admin.trpc.settings.setRetention.mutate(next)).toEqual(next);
    expect(await retentionPeriods(server.database.db)).toEqual({ rawDays: 14, minuteDays: 180, auditDays: 730 });
    expect((await auditOf('settings.setRetention'))!.details).toEqual({
      before: { rawDays: 7, minuteDays: 90, auditDays: 365 },
      after: next,
    });
    expect(await failure(admin.trpc.settings.setRetention.mutate({ ...next, auditDays: 10 }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('30 a 3650'),
    });
    expect(
      await failure(adminEn.trpc.settings.setRetention.mutate({ rawDays: 30, minuteDays: 7, auditDays: 365 })),
    ).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('at least as long') });
    expect(await failure(admin.trpc.settings.setRetention.mutate({ ...next, rawDays: 1.5 }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await failure(viewer.trpc.settings.retention.query())).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('edits threshold bands, refuses inconsistent ones, and the engine uses the new value on the next reading', async () => {
    const reading = (temperature: number): LiveEvent => ({
      type: 'telemetry',
      equipmentId: 'm1',
      ts: Date.now(),
      metrics: { temperature },
    });
    await engine.evaluate(reading(70));
    expect(await server.database.db.select().from(alerts)).toHaveLength(0);

    // Warning above critical, clearAt above its threshold: refused, nothing written.
    expect(
      await failure(
        adminEn.trpc.settings.setThresholds.mutate({ rules: [{ id: rule.warning, threshold: 96, clearAt: 90 }] }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('less severe') });
    expect(
      await failure(
        admin.trpc.settings.setThresholds.mutate({ rules: [{ id: rule.warning, threshold: 60, clearAt: 65 }] }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('normalização') });
    expect(
      await failure(
        admin.trpc.settings.setThresholds.mutate({ rules: [{ id: rule.warning, threshold: 1e9, clearAt: 0 }] }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    expect(
      await failure(
        admin.trpc.settings.setThresholds.mutate({
          rules: [{ id: '00000000-0000-4000-8000-000000000000', threshold: 60, clearAt: 55 }],
        }),
      ),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      await failure(
        viewer.trpc.settings.setThresholds.mutate({ rules: [{ id: rule.warning, threshold: 60, clearAt: 55 }] }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });

    const saved = await admin.trpc.settings.setThresholds.mutate({
      rules: [
        { id: rule.warning, threshold: 60, clearAt: 55 },
        { id: rule.critical, threshold: 90, clearAt: 85 },
      ],
    });
    expect(saved.map((r) => [r.severity, r.threshold, r.clearAt]).sort()).toEqual([
      ['critical', 90, 85],
      ['warning', 60, 55],
    ]);
    expect((await auditOf('settings.setThresholds'))!.details).toMatchObject({
      before: expect.arrayContaining([expect.objectContaining({ severity: 'warning', threshold: 80, clearAt: 75 })]),
      after: expect.arrayContaining([expect.objectContaining({ severity: 'warning', threshold: 60, clearAt: 55 })]),
    });
    expect(published).toContainEqual({ type: 'settings.changed', equipmentId: null, section: 'alertThresholds' });
    // The engine reloads on the event (no restart, no refresh interval): 70 °C now warns.
    await engine.evaluate({ type: 'settings.changed', equipmentId: null, section: 'alertThresholds' });
    await engine.evaluate(reading(70));
    const raised = await server.database.db
      .select()
      .from(alerts)
      .where(and(eq(alerts.equipmentId, 'm1'), eq(alerts.source, 'threshold:temperature')));
    expect(raised).toMatchObject([{ severity: 'warning', ruleId: rule.warning }]);
    const listed = await admin.trpc.settings.thresholds.query();
    expect(listed.find((r) => r.id === rule.warning)).toMatchObject({ threshold: 60, clearAt: 55, enabled: true });
  });

  it('shows the retention job’s last run and the providers with their last message', async () => {
    expect(await admin.trpc.settings.status.query()).toEqual({
      retentionJob: null,
      sms: { provider: 'outbox', lastSentAt: null, lastTo: null },
      email: { provider: 'outbox', lastSentAt: null, lastTo: null, lastSubject: null },
    });
    const db = server.database.db;
    const at = new Date('2026-11-24T10:00:00Z');
    await db.insert(jobRuns).values({
      name: 'telemetry.retention',
      lastStartedAt: at,
      lastFinishedAt: at,
      lastDurationMs: 120,
      lastOutcome: 'ok',
      lastResult: { telemetry: 1200, telemetry1m: 30, audit: 4 },
      runCount: 3,
    });
    await db.insert(smsOutbox).values({ toPhone: '+5519999990000', body: 'código 123456', createdAt: at });
    await db.insert(emailOutbox).values({ toAddress: 'ops@example.com', subject: 'Alerta', body: '…', createdAt: at });
    expect(await admin.trpc.settings.status.query()).toEqual({
      retentionJob: {
        lastStartedAt: at,
        lastFinishedAt: at,
        lastDurationMs: 120,
        lastOutcome: 'ok',
        lastError: null,
        deleted: { telemetry: 1200, telemetry1m: 30, audit: 4 },
      },
      sms: { provider: 'outbox', lastSentAt: at, lastTo: '+5519999990000' },
      email: { provider: 'outbox', lastSentAt: at, lastTo: 'ops@example.com', lastSubject: 'Alerta' },
    });
    expect(await failure(viewer.trpc.settings.status.query())).toMatchObject({ code: 'FORBIDDEN' });
  });
});
