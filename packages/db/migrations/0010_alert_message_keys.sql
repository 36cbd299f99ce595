ALTER TABLE "users" ADD COLUMN "demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "name_key" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "message_key" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "message_params" jsonb;--> statement-breakpoint
ALTER TABLE "commands" ADD COLUMN "error_code" text;--> statement-breakpoint
-- The rules a site started with, by their seeded Portuguese names: their names become translatable.
UPDATE "alert_rules" SET "name_key" = k.key FROM (VALUES
  ('motorTempWarning', 'Temperatura do motor alta'),
  ('motorTempCritical', 'Temperatura do motor crítica'),
  ('vibrationWarning', 'Vibração do motor: zona C (ISO 10816, classe II)'),
  ('vibrationCritical', 'Vibração do motor: zona D (ISO 10816, classe II)'),
  ('lowPowerFactor', 'Fator de potência baixo'),
  ('supplyAirHigh', 'Temperatura de insuflamento alta'),
  ('rackInletWarning', 'Entrada do rack acima da faixa recomendada (ASHRAE)'),
  ('rackInletCritical', 'Entrada do rack acima do limite permitido (ASHRAE A1)')
) AS k(key, name) WHERE "alert_rules"."name" = k.name AND "alert_rules"."name_key" IS NULL;--> statement-breakpoint
-- Alerts raised before the keys: threshold ones from their rule and value, silence and broker ones.
UPDATE "alerts" SET "message_key" = 'threshold.' || r."comparison",
  "message_params" = jsonb_strip_nulls(jsonb_build_object('rule', r."name", 'ruleKey', r."name_key",
    'metric', r."metric", 'value', "alerts"."value", 'threshold', r."threshold"))
FROM "alert_rules" r
WHERE r."id" = "alerts"."rule_id" AND "alerts"."source" LIKE 'threshold:%' AND "alerts"."value" IS NOT NULL
  AND "alerts"."message_key" IS NULL;--> statement-breakpoint
UPDATE "alerts" SET "message_key" = 'silence', "message_params" = '{"seconds":60}'::jsonb
WHERE "source" = 'silence' AND "message_key" IS NULL;--> statement-breakpoint
UPDATE "alerts" SET "message_key" = 'brokerDropped', "message_params" = jsonb_build_object('count', "value")
WHERE "source" = 'broker:dropped' AND "value" IS NOT NULL AND "message_key" IS NULL;
--> statement-breakpoint
-- Refusals recorded before the codes, as the virtual plant worded them.
UPDATE "commands" SET "error_code" = 'maintenanceLockout' WHERE "error" = 'locked out for maintenance' AND "error_code" IS NULL;--> statement-breakpoint
UPDATE "commands" SET "error_code" = 'tripped' WHERE "error" LIKE 'tripped:%' AND "error_code" IS NULL;
