ALTER TABLE "sessions" ADD COLUMN "parent_session_id" bigint;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "redacted_body" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_parent_session_id_sessions_id_fk" FOREIGN KEY ("parent_session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_impersonator_idx" ON "sessions" USING btree ("impersonator_user_id");--> statement-breakpoint
-- Impersonation sessions opened before they were tied to the administrator's session end now.
UPDATE "sessions" SET "revoked_at" = now() WHERE "kind" = 'impersonation' AND "revoked_at" IS NULL;--> statement-breakpoint
-- Messages that already left keep no reset link or code.
UPDATE "outbox" SET "body" = regexp_replace("body", '/resetpassword/[A-Za-z0-9_-]+', '/resetpassword/[removed]', 'g') WHERE ("sent_at" IS NOT NULL OR "failed_at" IS NOT NULL) AND "body" LIKE '%/resetpassword/%';--> statement-breakpoint
UPDATE "outbox" SET "body" = regexp_replace("body", 'code is [0-9]+', 'code is [removed]', 'g') WHERE ("sent_at" IS NOT NULL OR "failed_at" IS NOT NULL) AND "topic" = 'password-otp';
--> statement-breakpoint
-- Messages still waiting lose theirs once they leave.
UPDATE "outbox" SET "redacted_body" = regexp_replace(regexp_replace("body", '/resetpassword/[A-Za-z0-9_-]+', '/resetpassword/[removed]', 'g'), 'code is [0-9]+', 'code is [removed]', 'g') WHERE "sent_at" IS NULL AND "failed_at" IS NULL AND ("body" LIKE '%/resetpassword/%' OR "topic" = 'password-otp');
