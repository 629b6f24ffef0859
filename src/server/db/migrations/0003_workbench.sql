DROP INDEX "transcriptions_user_created_idx";--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "original_text" text;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "original_segments" jsonb;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "share_token" text;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, regexp_replace(coalesce(filename, ''), '[!-/:-@\[-`{-~]', ' ', 'g')), 'A') || setweight(to_tsvector('simple'::regconfig, regexp_replace(coalesce(text, ''), '[!-/:-@\[-`{-~]', ' ', 'g')), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "transcriptions_user_name_idx" ON "transcriptions" USING btree ("user_id",lower("filename"),"id");--> statement-breakpoint
CREATE INDEX "transcriptions_user_duration_idx" ON "transcriptions" USING btree ("user_id","duration_in_seconds","id");--> statement-breakpoint
CREATE INDEX "transcriptions_search_idx" ON "transcriptions" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "transcriptions_user_created_idx" ON "transcriptions" USING btree ("user_id","created_at","id");--> statement-breakpoint
ALTER TABLE "transcriptions" ADD CONSTRAINT "transcriptions_share_token_unique" UNIQUE("share_token");