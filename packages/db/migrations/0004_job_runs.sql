CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_duration_ms" integer,
	"last_outcome" text,
	"last_error" text,
	"run_count" bigint DEFAULT 0 NOT NULL
);
