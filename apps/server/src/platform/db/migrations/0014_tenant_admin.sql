-- The super administrator's tenant management (issue 13): list, edit, deactivate, delete, audit.
-- Super-admin requests run as comanda_system (asSystem). Each right below is the least that screen
-- needs; docs/database.md ("Roles") lists them. Reading inside one tenant (store details, users,
-- subscription history, its audit log) goes through inTenant instead: RLS scopes it to that tenant.

-- The tenant list and export: the columns shown (id and is_active were granted in 0003).
GRANT SELECT (name, email, subscription_start, subscription_end, created_at) ON tenants TO comanda_system;

-- Edit and (de)activate: the super admin changes a tenant's name, contact e-mail and active switch,
-- nothing else (not its time zone, subscription period or billing ids).
GRANT UPDATE (name, email, is_active, updated_at) ON tenants TO comanda_system;
CREATE POLICY superadmin_update ON tenants FOR UPDATE TO comanda_system USING (true) WITH CHECK (true);

-- The super admin reads its own log: the actions it took on a tenant (the history page's audit tab).
-- It stays append-only: no UPDATE or DELETE is granted, and the 0001 trigger refuses them anyway.
GRANT SELECT ON platform_audit_log TO comanda_system;

-- Deleting a tenant removes all of its data. Every tenant table cascades from tenants except
-- audit_log, which is append-only (trigger) and has no cascade on purpose: no ordinary path may
-- remove its rows. The one exception is this function: owned by the migration owner (SECURITY
-- DEFINER), callable by comanda_system alone, it removes exactly one tenant, its audit rows first.
-- comanda_system gets no DELETE right on any table.
--
-- The trigger lets a DELETE of audit_log through only for the tenant named in the transaction-local
-- setting comanda.purging_tenant. Any role may set a setting, but only the owner holds DELETE on
-- audit_log (comanda_app and comanda_system may only SELECT/INSERT), so in practice only this
-- function (running as the owner) ever gets there; UPDATE is always refused.
CREATE OR REPLACE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND TG_TABLE_NAME = 'audit_log'
     AND OLD.tenant_id::text = current_setting('comanda.purging_tenant', true) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the audit log is append-only';
END $$;

CREATE FUNCTION purge_tenant(p_tenant bigint) RETURNS boolean
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
  -- Held until commit: a request of the tenant writing its audit log meanwhile waits, then fails its
  -- foreign key, instead of leaving a row behind.
  PERFORM 1 FROM tenants WHERE id = p_tenant FOR UPDATE;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  PERFORM set_config('comanda.purging_tenant', p_tenant::text, true);
  DELETE FROM audit_log WHERE tenant_id = p_tenant;
  PERFORM set_config('comanda.purging_tenant', '', true);
  -- Every other tenant table goes with the tenant row (ON DELETE CASCADE, directly or through users).
  DELETE FROM tenants WHERE id = p_tenant;
  RETURN true;
END $$;
REVOKE ALL ON FUNCTION purge_tenant(bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION purge_tenant(bigint) TO comanda_system;
