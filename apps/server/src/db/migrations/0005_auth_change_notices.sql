-- Each server process keeps the sessions it has checked in memory for a few seconds (decision 34);
-- whatever can change who a token stands for tells every process at commit, through this channel.
CREATE FUNCTION "notify_auth_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mandira_auth_changes', TG_TABLE_NAME);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A session's sliding expiry moves forward once a minute; only a revocation or a shortened expiry matters.
CREATE TRIGGER "sessions_auth_change" AFTER UPDATE ON "sessions" FOR EACH ROW WHEN (OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at" OR NEW."expires_at" < OLD."expires_at" OR OLD."user_id" <> NEW."user_id" OR OLD."token_hash" <> NEW."token_hash") EXECUTE FUNCTION "notify_auth_change"();--> statement-breakpoint
CREATE TRIGGER "sessions_removed_auth_change" AFTER DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();--> statement-breakpoint
CREATE TRIGGER "users_auth_change" AFTER UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();--> statement-breakpoint
CREATE TRIGGER "roles_auth_change" AFTER UPDATE OR DELETE OR TRUNCATE ON "roles" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();--> statement-breakpoint
CREATE TRIGGER "user_roles_auth_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_roles" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();--> statement-breakpoint
CREATE TRIGGER "role_privileges_auth_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "role_privileges" FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_change"();
