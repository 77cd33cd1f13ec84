-- Session cache invalidation (src/server/auth/session-cache.ts): any committed update or delete of a session,
-- a membership, a user or an organisation notifies every Sextant process listening on 'sextant_auth', which
-- empties its cache. One notification per statement (a purge of a thousand sessions sends one), delivered at
-- commit; a rolled-back change sends none.
CREATE OR REPLACE FUNCTION sextant_notify_auth() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sextant_auth', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_auth AFTER UPDATE OR DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION sextant_notify_auth();
--> statement-breakpoint
CREATE TRIGGER memberships_notify_auth AFTER UPDATE OR DELETE ON memberships
  FOR EACH STATEMENT EXECUTE FUNCTION sextant_notify_auth();
--> statement-breakpoint
CREATE TRIGGER users_notify_auth AFTER UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION sextant_notify_auth();
--> statement-breakpoint
CREATE TRIGGER organizations_notify_auth AFTER UPDATE OR DELETE ON organizations
  FOR EACH STATEMENT EXECUTE FUNCTION sextant_notify_auth();
