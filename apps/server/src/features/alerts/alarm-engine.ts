import type { Database } from '@sentinela/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { EventOrigin, LiveBus, LiveEvent } from '../../telemetry/live-bus';
import {
  evaluateReading,
  indexRules,
  runningFrom,
  silentAfter,
  type OpenBand,
  type RuleIndex,
  type ThresholdDecision,
} from './alarm-evaluation';
import { severityRank, silenceMessage, silenceText, SILENCE_SOURCE, thresholdSource } from './alarm-rules';
import {
  autoClearAlert,
  changeBand,
  findSilentEquipment,
  loadEnabledRules,
  loadEquipmentKinds,
  loadOpenEngineAlerts,
  markOffline,
  raiseAlert,
  type OpenAlert,
  type RaiseInput,
} from './alarm-store';
import { KeyedQueue } from './keyed-queue';

export interface AlarmEngineOptions {
  db: Database;
  bus: LiveBus;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  now?: () => Date;
  /** No data for this long: offline + a 'silence' alert. */
  silenceAfterMs?: number;
  checkEveryMs?: number;
  /** Rules are re-read this often (and on reloadRules(), and when a 'settings.changed' event says thresholds changed). */
  rulesRefreshMs?: number;
}

export interface AlarmEngine {
  /** Stops listening and timers, then waits for writes in flight. */
  stop(): Promise<void>;
  /** What the bus listener does with each event (`elsewhere`: relayed from another instance); tests await it. */
  evaluate(event: LiveEvent, origin?: EventOrigin): Promise<void>;
  /** One silence pass (normally every checkEveryMs). */
  checkSilence(): Promise<void>;
  /** Re-reads the enabled rules (call after editing them). */
  reloadRules(): Promise<void>;
}

/** One (source, equipment) pair: what the engine believes now, and the alert row behind it. */
interface Slot {
  /** The open alert's band (null: none open), decided synchronously per event; the database follows through the queue. */
  band: OpenBand | null;
  alert: OpenAlert | null;
  /** Bumped on every decision, so a failed write only rolls back its own decision. */
  version: number;
}

const UNKNOWN_KIND_RETRY_MS = 60_000;

/**
 * Threshold and silence alarms. Runs on every telemetry event, so the hot path is in-memory
 * map lookups; the database is written only when an alarm changes state, one write at a time
 * per (source, equipment). A threshold alert's source is its metric: one open alert per metric
 * and equipment, whose bands escalate or de-escalate it. The partial unique index on open alerts
 * stays the final word, so a second instance or a restart cannot duplicate an open alert.
 */
export async function startAlarmEngine(options: AlarmEngineOptions): Promise<AlarmEngine> {
  const { db, bus, log } = options;
  const now = options.now ?? (() => new Date());
  const silenceAfterMs = options.silenceAfterMs ?? 60_000;
  const checkEveryMs = options.checkEveryMs ?? 10_000;
  const rulesRefreshMs = options.rulesRefreshMs ?? 60_000;
  // After a restart nobody could have heard from the devices: give them one silence period.
  const startedAt = now().getTime();

  let rules: RuleIndex = new Map();
  const kinds = new Map<string, string>();
  const unknownUntil = new Map<string, number>();
  const kindLookups = new Map<string, Promise<string | undefined>>();
  /** Last telemetry seen per equipment (engine clock), ahead of the batched last_seen_at. */
  const lastData = new Map<string, number>();
  /** Whether a device that reports an `on` metric (HVAC, lights) last said it was running. */
  const running = new Map<string, boolean>();
  const slots = new Map<string, Slot>();
  const keyOfAlert = new Map<string, string>();
  const queue = new KeyedQueue();
  const onTaskError = (error: unknown) => log.error({ err: error }, 'alarm engine task failed');

  const slotKey = (source: string, equipmentId: string) => `${source}|${equipmentId}`;
  const slotFor = (key: string): Slot => {
    let slot = slots.get(key);
    if (!slot) {
      slot = { band: null, alert: null, version: 0 };
      slots.set(key, slot);
    }
    return slot;
  };

  const publishAlert = (alert: OpenAlert, status: OpenAlert['status'] = alert.status) =>
    bus.publish({
      type: 'alert',
      alertId: alert.id,
      equipmentId: alert.equipmentId,
      severity: alert.severity,
      status,
      message: alert.message,
      messageKey: alert.messageKey,
      messageParams: alert.messageParams,
    });

  /** The slot follows the alert as the database has it (another instance may have moved it). */
  const settle = (key: string, slot: Slot, alert: OpenAlert) => {
    slot.alert = alert;
    keyOfAlert.set(alert.id, key);
  };

  /** Moves the open alert to another band (escalate, de-escalate); publishes when its severity changed. */
  async function moveBand(key: string, slot: Slot, alert: OpenAlert, input: Omit<RaiseInput, 'at'>): Promise<void> {
    const { ruleId, severity, message, text, value } = input;
    const moved = await changeBand(db, alert.id, {
      ruleId: ruleId!,
      severity,
      message,
      text,
      value: value!,
      at: now(),
    });
    if (!moved) {
      // Cleared by hand meanwhile: raise anew at this band.
      slot.alert = null;
      keyOfAlert.delete(alert.id);
      await raiseOrMove(key, slot, input);
      return;
    }
    settle(key, slot, moved.alert);
    if (moved.changed) publishAlert(moved.alert);
  }

  /** Raises the alert, or moves the open one found (a restart, another instance) to a worse band. */
  async function raiseOrMove(key: string, slot: Slot, input: Omit<RaiseInput, 'at'>): Promise<void> {
    const { alert, raised } = await raiseAlert(db, { ...input, at: now() });
    settle(key, slot, alert);
    if (raised) publishAlert(alert, 'active');
    else if (input.ruleId && severityRank(input.severity) > severityRank(alert.severity))
      await moveBand(key, slot, alert, input);
  }

  /** Raises an alert, or moves the open one of its source to the input's band. */
  function raise(key: string, input: Omit<RaiseInput, 'at'>): Promise<void> {
    const slot = slotFor(key);
    const previous = slot.band;
    slot.band = { ruleId: input.ruleId, severity: input.severity };
    const version = ++slot.version;
    return queue.run(
      key,
      async () => {
        try {
          const alert = slot.alert;
          if (alert && input.ruleId) await moveBand(key, slot, alert, input);
          else await raiseOrMove(key, slot, input);
          // Believe the band the database holds (another instance may have moved it further).
          if (slot.version === version && slot.alert)
            slot.band = { ruleId: slot.alert.ruleId, severity: slot.alert.severity };
        } catch (error) {
          // Believe what was before, so the next event retries.
          if (slot.version === version) slot.band = previous;
          throw error;
        }
      },
      onTaskError,
    );
  }

  function clear(key: string): Promise<void> {
    const slot = slotFor(key);
    const previous = slot.band;
    slot.band = null;
    const version = ++slot.version;
    return queue.run(
      key,
      async () => {
        const alert = slot.alert;
        if (!alert) return;
        try {
          const cleared = await autoClearAlert(db, alert.id, now());
          slot.alert = null;
          keyOfAlert.delete(alert.id);
          if (cleared) publishAlert(alert, 'cleared');
        } catch (error) {
          if (slot.version === version) slot.band = previous;
          throw error;
        }
      },
      onTaskError,
    );
  }

  /** An alert cleared by hand: forget it, so the rule can raise again if the value is still bad. */
  function forgetAlert(alertId: string): void {
    const key = keyOfAlert.get(alertId);
    if (!key) return;
    keyOfAlert.delete(alertId);
    const slot = slots.get(key);
    if (slot?.alert?.id !== alertId) return;
    slot.alert = null;
    slot.band = null;
    slot.version++;
  }

  async function reloadRules(): Promise<void> {
    const { index, inverted } = indexRules(await loadEnabledRules(db));
    for (const rule of inverted)
      log.warn(
        { rule: rule.id, name: rule.name },
        'alert rule clears on the wrong side of its threshold; clearing at the threshold',
      );
    rules = index;
  }

  function lookupKind(equipmentId: string): Promise<string | undefined> {
    const pending = kindLookups.get(equipmentId);
    if (pending) return pending;
    const lookup = loadEquipmentKinds(db, equipmentId)
      .then(([row]) => {
        if (row) kinds.set(row.id, row.kind);
        else unknownUntil.set(equipmentId, Date.now() + UNKNOWN_KIND_RETRY_MS);
        return row?.kind;
      })
      .finally(() => kindLookups.delete(equipmentId));
    kindLookups.set(equipmentId, lookup);
    return lookup;
  }

  /** The rules' decisions for a reading (alarm-evaluation.ts), carried out through the queue. */
  function evaluateThresholds(
    kind: string,
    equipmentId: string,
    metrics: Record<string, number>,
    writes: Promise<void>[],
  ): void {
    const idle = running.get(equipmentId) === false;
    const decisions = evaluateReading(
      rules,
      kind,
      metrics,
      idle,
      (metric) => slots.get(slotKey(thresholdSource(metric), equipmentId))?.band ?? undefined,
    );
    if (decisions) for (const decision of decisions) writes.push(carryOut(equipmentId, decision));
  }

  function carryOut(equipmentId: string, decision: ThresholdDecision): Promise<void> {
    const source = thresholdSource(decision.metric);
    const key = slotKey(source, equipmentId);
    if (decision.action === 'clear') return clear(key);
    const { rule } = decision;
    return raise(key, {
      source,
      ruleId: rule.id,
      equipmentId,
      severity: rule.severity,
      message: decision.message,
      text: decision.text,
      value: decision.value,
    });
  }

  /** The hot path: answers undefined when nothing changes (the usual case). */
  function handle(event: LiveEvent, origin: EventOrigin = 'here'): Promise<void> | undefined {
    // An administrator changed thresholds on /settings: judge the next reading by the new values.
    if (event.type === 'settings.changed') return event.section === 'alertThresholds' ? reloadRules() : undefined;
    if (event.type === 'alert') {
      if (event.status === 'cleared') forgetAlert(event.alertId);
      return undefined;
    }
    if (event.type === 'status') {
      const key = slotKey(SILENCE_SOURCE, event.equipmentId);
      if (event.status === 'online' && slots.get(key)?.band) return clear(key);
      return undefined;
    }
    if (event.type !== 'telemetry') return undefined;
    const { equipmentId, metrics } = event;
    lastData.set(equipmentId, now().getTime());
    const on = runningFrom(metrics);
    if (on !== undefined) running.set(equipmentId, on);
    const writes: Promise<void>[] = [];
    const silenceKey = slotKey(SILENCE_SOURCE, equipmentId);
    if (slots.get(silenceKey)?.band) writes.push(clear(silenceKey));
    // A point another instance ingested: the device is alive (silence), but its thresholds are
    // that instance's engine's to judge, once (and what crosses instances is coalesced).
    if (origin === 'elsewhere') return writes[0];
    const kind = kinds.get(equipmentId);
    if (kind !== undefined) {
      evaluateThresholds(kind, equipmentId, metrics, writes);
    } else if ((unknownUntil.get(equipmentId) ?? 0) <= Date.now()) {
      writes.push(
        lookupKind(equipmentId).then((found) => {
          const later: Promise<void>[] = [];
          if (found !== undefined) evaluateThresholds(found, equipmentId, metrics, later);
          return Promise.all(later).then(() => undefined);
        }),
      );
    }
    if (writes.length === 0) return undefined;
    return writes.length === 1 ? writes[0] : Promise.all(writes).then(() => undefined);
  }

  async function silencePass(): Promise<void> {
    const cutoff = now().getTime() - silenceAfterMs;
    if (startedAt > cutoff) return;
    const silent = silentAfter(await findSilentEquipment(db, new Date(cutoff)), lastData, cutoff);
    const offline = await markOffline(db, silent, new Date(cutoff), now());
    const message = silenceMessage(silenceAfterMs);
    const text = silenceText(silenceAfterMs);
    const writes: Promise<void>[] = [];
    for (const equipmentId of offline) {
      bus.publish({ type: 'status', equipmentId, status: 'offline' });
      const key = slotKey(SILENCE_SOURCE, equipmentId);
      if (slots.get(key)?.band) continue;
      writes.push(
        raise(key, {
          source: SILENCE_SOURCE,
          ruleId: null,
          equipmentId,
          severity: 'warning',
          message,
          text,
          value: null,
        }),
      );
    }
    await Promise.all(writes);
    if (offline.length > 0) log.info({ count: offline.length }, 'equipment went silent: marked offline');
  }

  /** One pass at a time: a call during a pass shares it. */
  let checking: Promise<void> | null = null;
  function checkSilence(): Promise<void> {
    if (!checking) {
      const pass = silencePass().finally(() => {
        if (checking === pass) checking = null;
      });
      checking = pass;
    }
    return checking;
  }

  // Start: rules, kinds and the open alerts raised before (so they still clear themselves).
  await reloadRules();
  for (const row of await loadEquipmentKinds(db)) kinds.set(row.id, row.kind);
  for (const alert of await loadOpenEngineAlerts(db)) {
    const key = slotKey(alert.source, alert.equipmentId);
    slots.set(key, { band: { ruleId: alert.ruleId, severity: alert.severity }, alert, version: 0 });
    keyOfAlert.set(alert.id, key);
  }

  const unsubscribe = bus.subscribe((event, origin) => {
    const pending = handle(event, origin);
    if (pending) pending.catch(onTaskError);
  });
  const silenceTimer = setInterval(
    () => void checkSilence().catch((error: unknown) => log.error({ err: error }, 'silence check failed')),
    checkEveryMs,
  );
  silenceTimer.unref();
  const rulesTimer = setInterval(
    () => void reloadRules().catch((error: unknown) => log.warn({ err: error }, 'could not reload alert rules')),
    rulesRefreshMs,
  );
  rulesTimer.unref();

  return {
    async stop() {
      unsubscribe();
      clearInterval(silenceTimer);
      clearInterval(rulesTimer);
      await checking?.catch(() => undefined);
      await Promise.allSettled(kindLookups.values());
      await queue.idle();
    },
    evaluate: async (event, origin) => {
      await handle(event, origin);
    },
    checkSilence,
    reloadRules,
  };
}
