CREATE TABLE "media_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"tool" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"stage" text,
	"result" jsonb,
	"error" jsonb,
	"pending_id" uuid,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "media_jobs" ADD CONSTRAINT "media_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_jobs_user_idx" ON "media_jobs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "media_jobs_running_idx" ON "media_jobs" USING btree ("status","heartbeat_at");