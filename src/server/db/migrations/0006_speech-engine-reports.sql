CREATE TABLE "speech_engine_reports" (
	"process_id" text PRIMARY KEY NOT NULL,
	"engine" text NOT NULL,
	"model" text NOT NULL,
	"reason" text NOT NULL,
	"pending" jsonb,
	"reported_at" timestamp with time zone NOT NULL
);
