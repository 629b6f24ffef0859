CREATE TABLE "transcript_lines" (
	"transcription_id" text NOT NULL,
	"hash" text NOT NULL,
	"line" jsonb NOT NULL,
	CONSTRAINT "transcript_lines_transcription_id_hash_pk" PRIMARY KEY("transcription_id","hash")
);
--> statement-breakpoint
CREATE TABLE "transcript_versions" (
	"transcription_id" text NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"author_id" text,
	"restored_from" integer,
	"filename" text NOT NULL,
	"line_hashes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transcript_versions_transcription_id_number_pk" PRIMARY KEY("transcription_id","number")
);
--> statement-breakpoint
ALTER TABLE "transcriptions" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transcript_lines" ADD CONSTRAINT "transcript_lines_transcription_id_transcriptions_id_fk" FOREIGN KEY ("transcription_id") REFERENCES "public"."transcriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcript_versions" ADD CONSTRAINT "transcript_versions_transcription_id_transcriptions_id_fk" FOREIGN KEY ("transcription_id") REFERENCES "public"."transcriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transcript_versions" ADD CONSTRAINT "transcript_versions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transcriptions_deleted_idx" ON "transcriptions" USING btree ("deleted_at") WHERE "transcriptions"."deleted_at" is not null;