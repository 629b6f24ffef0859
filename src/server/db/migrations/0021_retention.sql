ALTER TABLE "transcriptions" ADD COLUMN "audio_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "retention_audio_days" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "retention_transcript_days" integer;