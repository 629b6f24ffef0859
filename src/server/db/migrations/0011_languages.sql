ALTER TABLE "speech_engine_reports" ADD COLUMN "multilingual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "language_requested" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "task" text DEFAULT 'transcribe' NOT NULL;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "language_assumed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "default_language" text DEFAULT 'auto' NOT NULL;