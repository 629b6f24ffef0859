CREATE TABLE "known_voice_sources" (
	"voice_id" text NOT NULL,
	"transcription_id" text NOT NULL,
	"frames" integer NOT NULL,
	"sums" double precision[] NOT NULL,
	"squares" double precision[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "known_voice_sources_voice_id_transcription_id_pk" PRIMARY KEY("voice_id","transcription_id")
);
--> statement-breakpoint
CREATE TABLE "known_voices" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "remember_voices" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "known_voice_sources" ADD CONSTRAINT "known_voice_sources_voice_id_known_voices_id_fk" FOREIGN KEY ("voice_id") REFERENCES "public"."known_voices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "known_voice_sources" ADD CONSTRAINT "known_voice_sources_transcription_id_transcriptions_id_fk" FOREIGN KEY ("transcription_id") REFERENCES "public"."transcriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "known_voices" ADD CONSTRAINT "known_voices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_voice_sources_transcription_idx" ON "known_voice_sources" USING btree ("transcription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "known_voices_user_name_idx" ON "known_voices" USING btree ("user_id","name");