CREATE TABLE "monthly_transcription_counts" (
	"user_id" text NOT NULL,
	"month" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "monthly_transcription_counts_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
ALTER TABLE "monthly_transcription_counts" ADD CONSTRAINT "monthly_transcription_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "monthly_transcription_counts" ("user_id", "month", "count")
SELECT "user_id", to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM'), count(*)
FROM "transcriptions"
GROUP BY 1, 2;
