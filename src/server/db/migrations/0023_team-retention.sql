ALTER TABLE "teams" ADD COLUMN "retention_audio_days" integer;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "retention_transcript_days" integer;