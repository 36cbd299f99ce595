CREATE TABLE "equipment_status_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"equipment_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "equipment_status_changes" ADD CONSTRAINT "equipment_status_changes_equipment_id_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "equipment_status_changes_equipment_idx" ON "equipment_status_changes" USING btree ("equipment_id","at");--> statement-breakpoint
CREATE INDEX "equipment_status_changes_at_idx" ON "equipment_status_changes" USING btree ("at");--> statement-breakpoint
CREATE INDEX "alert_changes_at_idx" ON "alert_changes" USING btree ("at");--> statement-breakpoint
CREATE INDEX "alerts_raised_idx" ON "alerts" USING btree ("raised_at");--> statement-breakpoint
CREATE INDEX "alerts_equipment_idx" ON "alerts" USING btree ("equipment_id","raised_at");--> statement-breakpoint
CREATE INDEX "alerts_acknowledged_idx" ON "alerts" USING btree ("acknowledged_at");--> statement-breakpoint
CREATE INDEX "alerts_cleared_idx" ON "alerts" USING btree ("cleared_at");--> statement-breakpoint
CREATE INDEX "commands_requested_idx" ON "commands" USING btree ("requested_at");--> statement-breakpoint
CREATE INDEX "commands_completed_idx" ON "commands" USING btree ("completed_at");