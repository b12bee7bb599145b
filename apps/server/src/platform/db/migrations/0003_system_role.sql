-- The narrow system role and column-level rights on tenants (docs/database.md, "Roles").
--
-- Requests log in as a role that owns nothing and may only SET ROLE to comanda_app (one tenant, by
-- row-level security) or to comanda_system (the few lookups made before any tenant is known). The
-- system role is what such a request could reach by switching roles, so it gets the rows and the
-- verbs those lookups need and nothing else: no app_secrets, no tenant data beyond sign-in and
-- session checks, no updates or deletes on tenant tables.

DO $$
BEGIN
  CREATE ROLE comanda_system NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE NOINHERIT;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- roles are cluster-wide: another database (or a parallel migration) made it already
END $$;
DO $$
BEGIN
  EXECUTE format('GRANT comanda_system TO %I', current_user);
EXCEPTION WHEN OTHERS THEN
  NULL; -- as for comanda_app in 0001: a superuser needs no membership
END $$;
GRANT USAGE ON SCHEMA public TO comanda_system;

-- Sign-up creates a tenant and its admin; sign-in finds a user by username; the auth hook reads the
-- device, user and tenant behind an access token.
GRANT SELECT (id, is_active), INSERT ON tenants TO comanda_system;
GRANT SELECT, INSERT ON users TO comanda_system;
-- Only what the session check reads: the refresh hashes stay with the tenant role.
GRANT SELECT (tenant_id, id, user_id, revoked_at) ON devices TO comanda_system;
GRANT INSERT ON audit_log TO comanda_system;
-- Public menu photos are fetched by their random key before any tenant is known.
GRANT SELECT ON images TO comanda_system;

-- RLS is forced on these tables and their tenant policy needs app.tenant_id: these policies let the
-- system role through for exactly the verbs granted above (policies of one table are OR-ed).
CREATE POLICY system_read ON tenants FOR SELECT TO comanda_system USING (true);
CREATE POLICY system_create ON tenants FOR INSERT TO comanda_system WITH CHECK (true);
CREATE POLICY system_read ON users FOR SELECT TO comanda_system USING (true);
CREATE POLICY system_create ON users FOR INSERT TO comanda_system WITH CHECK (true);
CREATE POLICY system_read ON devices FOR SELECT TO comanda_system USING (true);
CREATE POLICY system_create ON audit_log FOR INSERT TO comanda_system WITH CHECK (true);
CREATE POLICY system_read ON images FOR SELECT TO comanda_system USING (true);

-- Platform tables (no tenant): the super admin's account, sessions and audit log.
GRANT SELECT, INSERT, UPDATE ON superadmins, superadmin_devices TO comanda_system;
GRANT INSERT ON platform_audit_log TO comanda_system;
-- The realtime adapter's large-payload table (multi-node fan-out).
GRANT SELECT, INSERT, DELETE ON socket_io_attachments TO comanda_system;
GRANT USAGE ON SEQUENCE socket_io_attachments_id_seq TO comanda_system;

-- A tenant may change its own name and time zone, never whether it is active or paid for.
REVOKE UPDATE ON tenants FROM comanda_app;
GRANT UPDATE (name, timezone, updated_at) ON tenants TO comanda_app;
