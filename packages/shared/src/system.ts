import { z } from 'zod';

/** Mosquitto's `$SYS` figures (an external broker), the latest values it published; null until heard. */
export const brokerSysSchema = z.object({
  /** `$SYS/broker/publish/messages/dropped`: messages it dropped (full queues) since it started. */
  droppedMessages: z.number().nullable(),
  /** `$SYS/broker/clients/connected`. */
  clientsConnected: z.number().nullable(),
  /** `$SYS/broker/messages/received` and `…/sent`: every packet kind, since it started. */
  messagesReceived: z.number().nullable(),
  messagesSent: z.number().nullable(),
  /** `$SYS/broker/messages/stored` (retained and queued messages it holds). */
  messagesStored: z.number().nullable(),
  /** When the last `$SYS` value arrived (Mosquitto publishes every sys_interval). */
  updatedAt: z.date().nullable(),
});
export type BrokerSys = z.infer<typeof brokerSysSchema>;

/** The MQTT broker as the portal sees it (signed-in callers only). */
export const brokerHealthSchema = z.object({
  kind: z.enum(['embedded', 'external']),
  /** Embedded: listening; external: the portal's health connection is up. */
  connected: z.boolean(),
  /** External broker only. */
  sys: brokerSysSchema.optional(),
  /** Refused clients and messages by reason (the embedded broker's topic and limit checks). */
  refusals: z.record(z.string(), z.number().int()).optional(),
});
export type BrokerHealth = z.infer<typeof brokerHealthSchema>;

/** The demo site's history, generated in the background after a first start. */
export const demoHistoryHealthSchema = z.object({
  /** 0…100. */
  percent: z.number().int(),
  complete: z.boolean(),
});
export type DemoHistoryHealth = z.infer<typeof demoHistoryHealthSchema>;

/** A cheap liveness report: the process answers and the database answers a query. */
export const systemHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  /** Null when the database did not answer. */
  databaseLatencyMs: z.number().nullable(),
  version: z.string(),
  uptimeSeconds: z.number().int(),
  /** Present for a signed-in caller (the procedure is public: probes and the sign-in page use it). */
  broker: brokerHealthSchema.optional(),
  /** For a signed-in caller, when the server holds a demo history (filling or filled). */
  demo: demoHistoryHealthSchema.optional(),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;
