import type { Notifications } from '@sentinela/db/client';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveBus } from './live-bus';
import { decodePayload, encodePayloads, encodePing, NOTIFY_MAX_BYTES, RelayBuffer } from './live-relay-codec';

/** The NOTIFY channel live events travel on between instances of one database (ADR 038). */
export const LIVE_CHANNEL = 'sentinela_live';

export interface LiveRelayOptions {
  bus: LiveBus;
  /** This instance (INSTANCE_ID): tags what it sends; what comes back tagged so is its own and ignored. */
  instanceId: string;
  notifications: Notifications;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  channel?: string;
  /** What is published within this window goes out together (coalesced, one NOTIFY or a few). */
  flushMs?: number;
  /** How often the instance pings itself on the channel; a ping not heard back by the next one means listen again. */
  pingEveryMs?: number;
  maxBytes?: number;
}

/** The relay's counters since the process started (System Health shows them). */
export interface LiveRelayStats {
  /** NOTIFY payloads sent with events (pings not counted). */
  sent: number;
  /** Events that went out (after coalescing). */
  eventsSent: number;
  /** Flushes that sent something: what was published within one window went out together. */
  batches: number;
  /** Events merged into a waiting one of the same device before sending (telemetry). */
  coalesced: number;
  /** NOTIFY payloads with events heard from other instances. */
  notificationsReceived: number;
  /** Events heard from other instances and handed to the local live streams. */
  received: number;
  /** Events that did not go out: too large for a NOTIFY, a failed NOTIFY's, or a full buffer's. */
  dropped: number;
  /** Of `dropped`, events too large for one NOTIFY even alone. */
  oversized: number;
  /** Times the LISTEN connection was set up again (own ping not heard back). */
  relistens: number;
  /** Other instances heard from lately (nothing is sent while there are none). */
  peers: number;
  /** When another instance was last heard (a ping or events); null: never. */
  lastPeerAt: Date | null;
}

export interface LiveRelay {
  /** Resolves when what was published so far has been sent (tests). */
  flushed(): Promise<void>;
  readonly stats: LiveRelayStats;
  stop(): Promise<void>;
}

/**
 * Carries the live bus across instances on one PostgreSQL database: what this process publishes
 * goes out as NOTIFY on `sentinela_live` (coalesced, split under 8000 bytes), and what the others
 * send is heard on a LISTEN connection of its own and handed to the local bus as `elsewhere`,
 * where the live streams (live.events, alerts.live) deliver it like their own. The driver listens
 * again after a lost connection; a ping the instance sends itself every few seconds catches the
 * case where that failed (the database was still down), and listens anew. What is published while
 * the connection is down is not replayed (the pages read the database when they load).
 */
export async function startLiveRelay(options: LiveRelayOptions): Promise<LiveRelay> {
  const { bus, instanceId, notifications, log } = options;
  const channel = options.channel ?? LIVE_CHANNEL;
  const flushMs = options.flushMs ?? 10;
  const pingEveryMs = options.pingEveryMs ?? 5000;
  const maxBytes = options.maxBytes ?? NOTIFY_MAX_BYTES;
  const stats: LiveRelayStats = {
    sent: 0,
    eventsSent: 0,
    batches: 0,
    coalesced: 0,
    notificationsReceived: 0,
    received: 0,
    dropped: 0,
    oversized: 0,
    relistens: 0,
    peers: 0,
    lastPeerAt: null,
  };
  /** Other instances, by id, and when each was last heard (a ping or events). */
  const peers = new Map<string, number>();
  const peerTtlMs = 3 * (options.pingEveryMs ?? 5000);
  function livePeers(now: number): number {
    for (const [id, seen] of peers) if (now - seen > peerTtlMs) peers.delete(id);
    stats.peers = peers.size;
    return peers.size;
  }
  const buffer = new RelayBuffer();
  let timer: NodeJS.Timeout | null = null;
  let sending: Promise<void> | null = null;
  let stopped = false;
  let failing = false;

  /** What the buffer had merged or dropped when last read. */
  let bufferSeen = { merged: 0, dropped: 0 };
  async function send(): Promise<void> {
    while (buffer.size > 0) {
      const events = buffer.take();
      stats.coalesced += buffer.merged - bufferSeen.merged;
      stats.dropped += buffer.dropped - bufferSeen.dropped;
      bufferSeen = { merged: buffer.merged, dropped: buffer.dropped };
      const { payloads, dropped, counts } = encodePayloads(instanceId, events, maxBytes);
      stats.dropped += dropped;
      stats.oversized += dropped;
      stats.batches++;
      for (const [index, payload] of payloads.entries()) {
        const carried = counts[index] ?? 0;
        try {
          await notifications.notify(channel, payload);
          stats.sent++;
          stats.eventsSent += carried;
          if (failing) log.info('live relay: notifying again');
          failing = false;
        } catch (error) {
          stats.dropped += carried;
          // Once per outage, not once per payload.
          if (!failing) log.warn({ err: error }, 'live relay: notify failed; other instances miss live events');
          failing = true;
        }
      }
    }
  }

  function schedule() {
    if (timer || sending || stopped) return;
    timer = setTimeout(() => {
      timer = null;
      sending = send().finally(() => {
        sending = null;
        if (buffer.size > 0) schedule();
      });
    }, flushMs);
  }

  // Alone on the database (the usual single instance): nothing goes out, PostgreSQL is spared a
  // NOTIFY stream no one listens to. A peer announces itself with a ping when it starts.
  let peersCheckedAt = 0;
  let anyPeer = false;
  const detach = bus.relayTo((event) => {
    const now = Date.now();
    if (now - peersCheckedAt > 1000) {
      peersCheckedAt = now;
      anyPeer = livePeers(now) > 0;
    }
    if (!anyPeer) return;
    buffer.add(event);
    schedule();
  });

  let pingSent = 0;
  let pingHeard = 0;
  const onPayload = (payload: string) => {
    const message = decodePayload(payload);
    if (!message) return;
    if (message.from === instanceId) {
      if ('ping' in message) pingHeard = Math.max(pingHeard, message.ping);
      return;
    }
    const known = peers.has(message.from);
    const now = Date.now();
    peers.set(message.from, now);
    stats.lastPeerAt = new Date(now);
    if (!known) {
      stats.peers = peers.size;
      anyPeer = true;
      // A newcomer (or one back after a silence) learns of this instance at once, not at its next ping.
      sendPing();
    }
    if ('ping' in message) return;
    stats.notificationsReceived++;
    stats.received += message.events.length;
    for (const event of message.events) bus.receive(event);
  };

  let listening: { unlisten(): Promise<void> } | null = null;
  let relistening: Promise<void> | null = null;
  /**
   * Each listen hands the driver a handler of its own generation; only the latest one delivers.
   * The driver re-registers a handler after a reconnect under a new registration, which the
   * handle of the old one cannot remove: without this a listen of ours after such a reconnect
   * would deliver every payload twice.
   */
  let generation = 0;
  let listenFailing = false;
  async function listen(): Promise<void> {
    const mine = ++generation;
    try {
      listening = await notifications.listen(channel, (payload) => {
        if (mine === generation) onPayload(payload);
      });
      // Pings sent before this listen are not expected back.
      pingHeard = pingSent;
      if (listenFailing) log.info('live relay: listening again');
      listenFailing = false;
    } catch (error) {
      listening = null;
      // Once per outage, not every few seconds.
      if (!listenFailing) log.warn({ err: error }, 'live relay: could not listen; trying again every few seconds');
      listenFailing = true;
    }
  }
  function sendPing() {
    pingSent++;
    notifications.notify(channel, encodePing(instanceId, pingSent)).catch(() => undefined);
  }

  await listen();
  // Announce this instance: the others start relaying to it now, not at their next ping.
  if (listening) sendPing();

  function relisten() {
    if (relistening || stopped) return;
    stats.relistens++;
    if (listening) log.warn('live relay: own ping not heard back; listening again');
    const old = listening;
    listening = null;
    relistening = (async () => {
      // Not awaited: on a dead connection it may take the driver's connect timeout to fail.
      void old?.unlisten().catch(() => undefined);
      await listen();
    })().finally(() => (relistening = null));
  }

  const pinger = setInterval(() => {
    if (stopped || relistening) return;
    if (!listening || pingSent > pingHeard) {
      relisten();
      return;
    }
    sendPing();
  }, pingEveryMs);
  pinger.unref();

  async function flushed(): Promise<void> {
    while (timer || sending) {
      if (timer) {
        clearTimeout(timer);
        timer = null;
        sending = send().finally(() => (sending = null));
      }
      await sending;
    }
  }

  return {
    stats,
    flushed,
    async stop() {
      detach();
      clearInterval(pinger);
      // What is still to send gets a moment; a database that does not answer must not hold the shutdown.
      await Promise.race([flushed(), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
      stopped = true;
      await relistening?.catch(() => undefined);
      await listening?.unlisten().catch(() => undefined);
    },
  };
}
