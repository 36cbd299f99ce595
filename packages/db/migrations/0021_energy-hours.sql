CREATE TABLE "energy_1h" (
	"place_id" uuid NOT NULL,
	"facility_id" uuid NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"metered" double precision,
	"motors" double precision NOT NULL,
	"lighting" double precision NOT NULL,
	"hvac" double precision NOT NULL,
	"it" double precision NOT NULL,
	"lights_full" double precision,
	CONSTRAINT "energy_1h_place_id_bucket_pk" PRIMARY KEY("place_id","bucket")
);
--> statement-breakpoint
ALTER TABLE "energy_1h" ADD CONSTRAINT "energy_1h_facility_id_facilities_id_fk" FOREIGN KEY ("facility_id") REFERENCES "public"."facilities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "energy_1h_bucket_idx" ON "energy_1h" USING btree ("bucket");