CREATE TABLE "encryption_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"wrapped" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transcriptions" ALTER COLUMN "search_vector" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "transcriptions" ALTER COLUMN "search_vector" SET DEFAULT ''::tsvector;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "search_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "indexed_revision" integer;--> statement-breakpoint
-- The plain words leave the index; the app rebuilds it with keyed hashes (every row is stale).
UPDATE "transcriptions" SET "search_vector" = ''::tsvector;--> statement-breakpoint
ALTER TABLE "transcript_lines" ALTER COLUMN "line" SET DATA TYPE text USING "line"::text;--> statement-breakpoint
ALTER TABLE "transcriptions" ALTER COLUMN "segments" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "transcriptions" ALTER COLUMN "segments" SET DATA TYPE text USING "segments"::text;--> statement-breakpoint
ALTER TABLE "transcriptions" ALTER COLUMN "segments" SET DEFAULT '[]';--> statement-breakpoint
ALTER TABLE "transcriptions" ALTER COLUMN "original_segments" SET DATA TYPE text USING "original_segments"::text;--> statement-breakpoint
CREATE FUNCTION "transcriptions_search_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.filename IS DISTINCT FROM OLD.filename OR NEW.text IS DISTINCT FROM OLD.text
    OR NEW.segments IS DISTINCT FROM OLD.segments THEN
    NEW.search_revision := OLD.search_revision + 1;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "transcriptions_search_revision" BEFORE UPDATE ON "transcriptions"
  FOR EACH ROW EXECUTE FUNCTION "transcriptions_search_revision"();
