DROP INDEX "auth_sessions_user_idx";--> statement-breakpoint
CREATE INDEX "auth_sessions_user_created_idx" ON "auth_sessions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auth_sessions_user_live_idx" ON "auth_sessions" USING btree ("user_id","created_at" DESC NULLS LAST) WHERE revoked_at is null;