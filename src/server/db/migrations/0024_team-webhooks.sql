ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_owner";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "team_id" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "created_by" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_target_idx" ON "audit_events" USING btree ("target_user_id","at") WHERE "audit_events"."target_user_id" is not null;--> statement-breakpoint
CREATE INDEX "webhook_endpoints_team_idx" ON "webhook_endpoints" USING btree ("team_id","created_at") WHERE "webhook_endpoints"."team_id" is not null;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_owner" CHECK (num_nonnulls("webhook_endpoints"."user_id", "webhook_endpoints"."team_id") = 1);