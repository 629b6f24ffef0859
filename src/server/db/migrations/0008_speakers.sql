ALTER TABLE "transcriptions" ADD COLUMN "speakers_requested" integer;--> statement-breakpoint
-- Transcripts made before speakers were detected: every line is the one voice they were heard as.
UPDATE "transcriptions" SET "segments" = (
	SELECT COALESCE(jsonb_agg(segment || '{"speaker":"Speaker 1"}'::jsonb ORDER BY position), '[]'::jsonb)
	FROM jsonb_array_elements("segments") WITH ORDINALITY AS line(segment, position)
) WHERE jsonb_array_length("segments") > 0;--> statement-breakpoint
UPDATE "transcriptions" SET "original_segments" = (
	SELECT COALESCE(jsonb_agg(segment || '{"speaker":"Speaker 1"}'::jsonb ORDER BY position), '[]'::jsonb)
	FROM jsonb_array_elements("original_segments") WITH ORDINALITY AS line(segment, position)
) WHERE "original_segments" IS NOT NULL AND jsonb_array_length("original_segments") > 0;
