-- The users list pages newest first; without this index every page sorts the whole table.
CREATE INDEX IF NOT EXISTS "users_created_idx" ON "users" ("created_at" DESC, "id" DESC);--> statement-breakpoint
-- Search terms under three characters match the start of an e-mail or username (services/admin-users.ts): pattern
-- operator classes let LIKE 'ab%' use a B-tree whatever the database collation.
CREATE INDEX IF NOT EXISTS "users_email_prefix_idx" ON "users" ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_username_prefix_idx" ON "users" (lower("username") text_pattern_ops);--> statement-breakpoint
-- Dashboard and monitor count calls and errors per day or minute: with status in the index they read only the index.
CREATE INDEX IF NOT EXISTS "usage_events_created_status_idx" ON "usage_events" ("created_at") INCLUDE ("status");
