import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import type { DatabaseHandle } from '@sentinela/db/client';
import { seedDemoRegistry, type DemoRegistry } from '@sentinela/db/seed/demo-site';
import { openAppDatabase } from './platform/database';
import { startBackupSocket, type BackupSocket } from './platform/backup';
import { defaultMigrationsFolder } from '@sentinela/db/migrate';
import { withoutCredentials } from './features/system/system-details.service';
import { rateAbove, startMemoryTidy } from './platform/memory-tidy';
import { createDemoHistory, type DemoHistory, type DemoHistoryOptions } from './platform/demo-history';
import type { Config } from './env';
import { startAlarmEngine, type AlarmEngine } from './features/alerts/alarm-engine';
import { purgeExpiredAuthData } from './features/auth/auth-housekeeping';
import { checkDemandAlerts } from './features/energy/demand-alerts';
import { checkWeatherWarnings, WEATHER_WARNINGS_INTERVAL_MS } from './features/weather/weather-warnings-job';
import { forgetSettledSavings } from './features/lights/lights-savings.service';
import { SCHEDULER_INTERVAL_MS, startLightScheduler, type LightScheduler } from './features/lights/light-scheduler';
import { deriveKey } from './features/auth/crypto';
import { buildApp } from './http/app';
import { resolveSessionSecret } from './platform/session-secret';
import { smsProviderFor } from './platform/sms-provider';
import { emailProviderFor } from './platform/email-provider';
import { runDigests, runEscalations } from './features/notifications/alert-notifications';
import { startAlertNotifier, type AlertNotifier } from './features/notifications/alert-notifier';
import type { NotifyDeps } from './features/notifications/notification-delivery';
import { purgeOutboxes } from './platform/outbox-retention';
import { runPlaceBackfill } from './platform/place-backfill';
import { startScheduler } from './platform/scheduler';
import { SYSTEM_ACTOR } from './platform/audit';
import {
  PLANS_ORIGIN,
  PREVENTIVE_PLANS_INTERVAL_MS,
  runPreventivePlans,
} from './features/maintenance/maintenance-plans.service';
import { ROLLUP_EVERY_MS } from './telemetry/ingest';
import { runEnergyBackfill } from './telemetry/rollups';
import { applyRetention } from './platform/retention';
import { retentionPeriods } from './platform/retention-periods';
import { createDeviceDirectory } from './features/device-credentials/device-directory.db';
import { startTelemetry, type TelemetryRuntime } from './telemetry/telemetry-runtime';

const HOUR_MS = 60 * 60 * 1000;
/** How soon equipment added in the portal is played by the virtual plant, and retired equipment refused. */
const SIMULATOR_SYNC_MS = 10_000;
/** How often unacknowledged critical alerts are checked for escalation, and held messages for a digest. */
const NOTIFICATION_JOBS_MS = 30_000;
/** The place backfill (ADR 035): a run of batches every minute until every row is placed. */
const PLACE_BACKFILL_INTERVAL_MS = 60_000;
/** Facilities' 15-minute demand against their contracted demand (features/energy/demand-alerts.ts). */
const DEMAND_ALERTS_MS = 60_000;
/**
 * Points a second written above which the memory tidy holds (ADR 039): 2–4 times what the demo
 * plant sends (495 devices every 5 s), a fifth of bench:live's 10,000.
 */
const TIDY_HOLD_POINTS_PER_S = 2_000;

export interface ServerPaths {
  webDist: string;
  migrationsFolder?: string;
  /** Between two batches of the demo history (tests slow it down). */
  demoHistoryPause?: DemoHistoryOptions['pause'];
}

export interface RunningServer {
  app: FastifyInstance;
  database: DatabaseHandle;
  telemetry: TelemetryRuntime;
  /** The demo history filling in the background after the server listens. */
  demoHistory: DemoHistory;
  /**
   * Settles once the demo history has ended and what it left is given back: `renewedDatabase`
   * when this process wrote it and PGlite was reopened in a new worker thread (ADR 039).
   */
  afterHistory: Promise<{ renewedDatabase: boolean }>;
  url: string;
  /** Stops accepting, finishes requests in flight, closes the database and releases its lock. */
  stop(): Promise<void>;
}

/** Starts everything one Sentinela process runs. Used by main.ts and by the tests. */
export async function startServer(config: Config, paths: ServerPaths): Promise<RunningServer> {
  const logger = pino({ level: config.logLevel, base: { service: 'sentinela', instance: config.instanceId } });
  const database = await openAppDatabase(config, paths.migrationsFolder);
  let app: FastifyInstance | undefined;
  let telemetry: TelemetryRuntime | undefined;
  let alarms: AlarmEngine | undefined;
  let lightScheduler: LightScheduler | undefined;
  let demoHistory: DemoHistory | undefined;
  /** Whether this process wrote the demo history (a first start): see the memory tidy below. */
  let historyWritten = false;
  let notifier: AlertNotifier | undefined;
  const sms = smsProviderFor(config.sms, database.db, logger);
  const email = emailProviderFor(config.email, database.db, logger);
  const notify: NotifyDeps = {
    db: database.db,
    email,
    sms,
    log: logger,
    now: () => new Date(),
    escalationMinuteMs: config.escalationMinuteMs,
  };
  try {
    // Before the virtual plant starts (it carries on from the latest values) and before the
    // server listens (one signs in to it); its history fills in once the server listens.
    let demoSite: DemoRegistry['site'] = null;
    if (config.demoData) {
      const seeded = await seedDemoRegistry(database.db, { now: new Date() });
      if (seeded.result.seeded)
        logger.info({ equipment: seeded.result.equipment }, 'demo site created (DEMO_DATA=off starts empty)');
      demoSite = seeded.site;
    }
    const history = createDemoHistory({
      db: database.db,
      log: logger,
      site: demoSite,
      ...(paths.demoHistoryPause ? { pause: paths.demoHistoryPause } : {}),
      onComplete: () => {
        historyWritten = true;
        forgetSettledSavings(database.db);
      },
    });
    demoHistory = history;
    // Who may connect to the embedded broker: device and gateway credentials (ADR 016).
    const directory = createDeviceDirectory(database.db);
    await directory.reload();
    telemetry = await startTelemetry(config, database.db, logger, { directory, database });
    const mqtt = telemetry;
    notifier = startAlertNotifier(notify, telemetry.bus);
    alarms = await startAlarmEngine({ db: database.db, bus: telemetry.bus, log: logger });
    lightScheduler = startLightScheduler({
      deps: { db: database.db, bus: telemetry.bus, gateway: telemetry.commands, now: () => new Date() },
      log: logger,
    });
    const sessionSecret = resolveSessionSecret(config);
    app = await buildApp({
      logger,
      webDist: paths.webDist,
      database,
      startedAt: new Date(),
      keys: { totp: deriveKey(sessionSecret, 'totp-secrets'), codes: deriveKey(sessionSecret, 'one-time-codes') },
      sms,
      email,
      bus: telemetry.bus,
      commands: telemetry.commands,
      brokerHealth: telemetry.brokerHealth.report,
      deviceCredentialsChanged: () => mqtt.credentialsChanged(),
      trustProxy: config.trustProxy,
      authLimits: config.authLimits,
      cookieSecret: sessionSecret,
      demoHistory: () => history.progress(),
      ingestStats: () => mqtt.ingest.stats(),
      relayStats: () => mqtt.relayStats(),
      migrationsFolder: paths.migrationsFolder ?? defaultMigrationsFolder,
      addresses: {
        database: config.databaseUrl ? withoutCredentials(config.databaseUrl) : config.dataDir,
        broker: config.mqtt.url
          ? withoutCredentials(config.mqtt.url)
          : `embedded, mqtt://${config.mqtt.host}:${config.mqtt.port}`,
      },
      ...(config.metricsToken ? { metricsToken: config.metricsToken } : {}),
      weather: { url: config.weatherUrl },
      ...(config.publicUrl ? { publicUrl: config.publicUrl } : {}),
    });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app?.close();
    await lightScheduler?.stop();
    await telemetry?.stop();
    await alarms?.stop();
    await notifier?.stop();
    email.close();
    await database.close();
    throw error;
  }
  // Embedded mode: `npm run backup` asks this process (it owns the folder) on DATA_DIR/backup.sock.
  let backupSocket: BackupSocket | undefined;
  if (!config.databaseUrl) {
    try {
      backupSocket = await startBackupSocket({ dataDir: config.dataDir, database, log: logger });
    } catch (error) {
      logger.warn({ err: error }, 'online backup unavailable: could not open DATA_DIR/backup.sock');
    }
  }
  const history = demoHistory;
  // DEMO_HISTORY=off: never started, so it reports no history (a later start with it on resumes it).
  if (config.demoHistory) history.start();
  else if (config.demoData) logger.info('demo history not generated (DEMO_HISTORY=off)');
  const jobs = startScheduler({ database, log: logger });
  // A full collection when the portal is quiet: what a burst left in the heap goes back (ADR 039),
  // in the PGlite worker's heap too; held while the demo history is written, and run once it ends.
  // Held too while the ingest writes more than a plant at rest sends (rateAbove).
  let historyRunning = config.demoHistory;
  const ingest = telemetry.ingest;
  const ingestBusy = rateAbove(() => ingest.stats().written, TIDY_HOLD_POINTS_PER_S);
  const tidy = startMemoryTidy({
    log: logger,
    alsoTidy: async () => database.tidyMemory?.(),
    holdWhile: () => {
      const busy = ingestBusy(); // sampled at every look, so that each covers the last interval
      return historyRunning || busy;
    },
  });
  const afterHistory = history.settled().then(async () => {
    // What writing the history grew in PGlite's WASM memory (≈ 16 MB; it never shrinks) goes
    // back with its thread: PGlite opens again in a new one (ADR 039, "A new thread after the
    // first start"; requests wait meanwhile, ≈ 1 s, once).
    let renewedDatabase = false;
    if (historyWritten && database.recycle) {
      const started = performance.now();
      try {
        await database.recycle();
        renewedDatabase = true;
        logger.info({ ms: Math.round(performance.now() - started) }, 'database thread renewed after the demo history');
      } catch (error) {
        logger.error({ err: error }, 'the database thread could not be renewed');
      }
    }
    historyRunning = false;
    tidy.afterBurst();
    return { renewedDatabase };
  });
  const lights = lightScheduler;
  jobs.add({ name: 'lights.schedules', intervalMs: SCHEDULER_INTERVAL_MS, run: () => lights.tick() });
  jobs.add({
    name: 'telemetry.retention',
    intervalMs: HOUR_MS,
    // The retention in force is an operational setting: read at every run. Raw points, minute rollups and
    // the audit log go in batches (ADR 031); the outboxes by the same job. Answers what it deleted.
    run: async (now) => {
      const deleted = await applyRetention(database.db, now, await retentionPeriods(database.db));
      const outboxes = await purgeOutboxes(database.db, now);
      return { ...deleted, outboxes };
    },
  });
  jobs.add({
    name: 'telemetry.rollups',
    intervalMs: ROLLUP_EVERY_MS,
    scope: 'instance',
    run: () => ingest.recomputeRollups(),
  });
  const runtime = telemetry;
  jobs.add({
    name: 'simulator.registry',
    intervalMs: SIMULATOR_SYNC_MS,
    // Each instance's ingest and virtual plant follow the registry (added equipment starts, retired stops).
    scope: 'instance',
    run: () => runtime.followRegistry(),
  });
  jobs.add({
    name: 'maintenance.plans',
    intervalMs: PREVENTIVE_PLANS_INTERVAL_MS,
    runAtStart: true,
    run: (now) => runPreventivePlans({ db: database.db, actor: SYSTEM_ACTOR, origin: PLANS_ORIGIN }, now),
  });
  jobs.add({
    name: 'auth.housekeeping',
    intervalMs: HOUR_MS,
    runAtStart: true,
    run: (now) => purgeExpiredAuthData(database.db, now),
  });

  const liveBus = telemetry.bus;
  jobs.add({
    name: 'energy.demandAlerts',
    intervalMs: DEMAND_ALERTS_MS,
    run: (now) => checkDemandAlerts(database.db, liveBus, now),
  });
  const weatherSource = { url: config.weatherUrl };
  jobs.add({
    name: 'weather.warnings',
    intervalMs: WEATHER_WARNINGS_INTERVAL_MS,
    // Asks Open-Meteo only when an admin turned it on, through the page's 30-minute cache.
    run: (now) => checkWeatherWarnings(database.db, liveBus, weatherSource, now),
  });
  jobs.add({
    name: 'places.backfill',
    intervalMs: PLACE_BACKFILL_INTERVAL_MS,
    // Rows written before their place columns (ADR 035), a batch at a time: nothing once done.
    runAtStart: true,
    run: () => runPlaceBackfill(database.db),
  });
  jobs.add({
    name: 'energy.backfill',
    intervalMs: PLACE_BACKFILL_INTERVAL_MS,
    // A database from before the derived hourly energy (ADR 032): derived in the background, newest
    // week first, resumed where it stood after a restart; nothing once done.
    runAtStart: true,
    run: () => runEnergyBackfill(database.db),
  });
  jobs.add({
    name: 'notifications.escalation',
    // Every 30 s; twice a "minute" when ESCALATION_MINUTE_MS shortens it (the e2e server).
    intervalMs: Math.min(NOTIFICATION_JOBS_MS, config.escalationMinuteMs / 2),
    run: () => runEscalations(notify),
  });
  jobs.add({ name: 'notifications.digest', intervalMs: NOTIFICATION_JOBS_MS, run: () => runDigests(notify) });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const running = app;
  const runningTelemetry = telemetry;
  const runningAlarms = alarms;
  const runningLightScheduler = lightScheduler;
  const runningNotifier = notifier;
  return {
    app: running,
    database,
    telemetry: runningTelemetry,
    demoHistory: history,
    afterHistory,
    url: `http://${host}:${port}`,
    async stop() {
      try {
        await backupSocket?.close();
        await history.stop();
        await jobs.stop();
        tidy.stop();
        await running.close();
        // Before the telemetry: its commands go through the command gateway.
        await runningLightScheduler?.stop();
        await runningTelemetry.stop();
        await runningAlarms.stop();
        await runningNotifier.stop();
        email.close();
      } finally {
        await database.close();
      }
    },
  };
}
