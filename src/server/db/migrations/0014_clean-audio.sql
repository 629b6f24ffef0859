ALTER TABLE "transcriptions" ADD COLUMN "denoise" text DEFAULT 'auto' NOT NULL;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "denoised" boolean;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "dropped_audio" jsonb DEFAULT '[]'::jsonb NOT NULL;