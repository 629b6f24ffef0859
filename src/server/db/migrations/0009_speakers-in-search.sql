-- The search column also holds the names people gave speakers. PostgreSQL 15 cannot change a generated
-- column's expression, so it is made again, and its index with it (dropping the column drops the index).
ALTER TABLE "transcriptions" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple'::regconfig, regexp_replace(coalesce(filename, ''), '[!-/:-@\[-`{-~]', ' ', 'g')), 'A') || setweight(to_tsvector('simple'::regconfig, regexp_replace(coalesce(text, ''), '[!-/:-@\[-`{-~]', ' ', 'g')), 'B') || setweight(to_tsvector('simple'::regconfig, regexp_replace(coalesce(jsonb_path_query_array(segments, '$[*].speaker ? (!(@ like_regex "^Speaker [0-9]+$"))')::text, ''), '[!-/:-@\[-`{-~]', ' ', 'g')), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "transcriptions_search_idx" ON "transcriptions" USING gin ("search_vector");
