-- 0005_security: security hardening (issue 13 items 3, 4, 5, 17). Written by hand (see README, "Layout").
-- A per-user token version: access tokens carry it, logout and password changes bump it.
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Log in with the alias: looked up case-insensitively.
CREATE INDEX "users_alias_idx" ON "users" USING btree (lower("user_alias"));
--> statement-breakpoint
-- One counter row per throttled key (login per account, forgot password per e-mail and per IP), updated
-- atomically so parallel attempts cannot slip past the limit.
CREATE TABLE "auth_throttles" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP TABLE "login_failures";
