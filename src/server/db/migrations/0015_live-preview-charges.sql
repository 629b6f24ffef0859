CREATE TABLE "live_preview_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"month" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"transcription_id" text,
	"claimed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "live_preview_charges" ADD CONSTRAINT "live_preview_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_preview_charges_user_month_idx" ON "live_preview_charges" USING btree ("user_id","month");
