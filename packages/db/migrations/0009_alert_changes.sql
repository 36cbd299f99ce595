CREATE TABLE "alert_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alert_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"from_severity" text NOT NULL,
	"to_severity" text NOT NULL,
	"value" double precision,
	"acknowledgement_reset" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_changes" ADD CONSTRAINT "alert_changes_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_changes_alert_idx" ON "alert_changes" USING btree ("alert_id","at");--> statement-breakpoint
-- One open alert per metric and equipment: of two bands of one metric open together (zones C
-- and D), the worse stays open and the milder is cleared (automatically, as the engine would).
UPDATE "alerts" AS "a" SET "status" = 'cleared', "cleared_at" = now()
FROM "alerts" AS "b", "alert_rules" AS "ra", "alert_rules" AS "rb"
WHERE "a"."status" <> 'cleared' AND "b"."status" <> 'cleared' AND "a"."id" <> "b"."id"
  AND "a"."equipment_id" = "b"."equipment_id"
  AND "a"."rule_id" = "ra"."id" AND "b"."rule_id" = "rb"."id"
  AND "a"."source" = 'threshold:' || "ra"."id" AND "b"."source" = 'threshold:' || "rb"."id"
  AND "ra"."kind" = "rb"."kind" AND "ra"."metric" = "rb"."metric"
  AND (CASE "b"."severity" WHEN 'critical' THEN 3 WHEN 'warning' THEN 2 ELSE 1 END,
       "b"."raised_at", "b"."id")
    > (CASE "a"."severity" WHEN 'critical' THEN 3 WHEN 'warning' THEN 2 ELSE 1 END,
       "a"."raised_at", "a"."id");--> statement-breakpoint
-- A threshold alert is counted by its metric ('threshold:<metric>'), no longer by its band's rule.
UPDATE "alerts" AS "a" SET "source" = 'threshold:' || "r"."metric"
FROM "alert_rules" AS "r"
WHERE "a"."rule_id" = "r"."id" AND "a"."source" = 'threshold:' || "r"."id";
