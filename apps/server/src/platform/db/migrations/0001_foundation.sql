-- Foundation: tenants, users, devices (sessions), password resets, super admins, audit log.
-- Every tenant table: tenant_id NOT NULL leading its key, indexes and foreign keys, and forced RLS.

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'comanda_app') THEN
    CREATE ROLE comanda_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
END $$;
-- The migrating role switches to comanda_app for tenant work, so it must be a member.
DO $$
BEGIN
  EXECUTE format('GRANT comanda_app TO %I', current_user);
EXCEPTION WHEN OTHERS THEN
  NULL; -- a superuser needs no membership; a role without the right gets it from the operator (docs/database.md)
END $$;
GRANT USAGE ON SCHEMA public TO comanda_app;

CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tenants (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  timezone text NOT NULL DEFAULT 'UTC',
  subscription_start timestamptz,
  subscription_end timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  username text NOT NULL,
  password_hash text NOT NULL,
  name text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'staff')),
  scope text NOT NULL DEFAULT '',
  designation text,
  phone text,
  email text,
  photo text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
-- The one index not led by tenant_id: a username signs in before any tenant is known (SPEC §1).
CREATE UNIQUE INDEX users_username_key ON users (username);

CREATE TABLE devices (
  tenant_id bigint NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  user_id bigint NOT NULL,
  name text NOT NULL,
  ip text,
  location text,
  refresh_hash text NOT NULL,
  previous_refresh_hash text,
  rotated_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revoked_reason text,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX devices_user_idx ON devices (tenant_id, user_id) WHERE revoked_at IS NULL;

CREATE TABLE password_reset_tokens (
  tenant_id bigint NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  user_id bigint NOT NULL,
  token_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);

-- Append-only: who did what, when, from which device. No ON DELETE CASCADE on purpose.
CREATE TABLE audit_log (
  tenant_id bigint NOT NULL REFERENCES tenants (id),
  id bigint GENERATED ALWAYS AS IDENTITY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_user_id bigint,
  actor_device_id bigint,
  action text NOT NULL,
  target_type text,
  target_id text,
  ip text,
  details jsonb,
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE superadmins (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  name text NOT NULL DEFAULT 'Super Admin',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE superadmin_devices (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  superadmin_id bigint NOT NULL REFERENCES superadmins (id) ON DELETE CASCADE,
  name text NOT NULL,
  ip text,
  refresh_hash text NOT NULL,
  previous_refresh_hash text,
  rotated_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

CREATE TABLE platform_audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  superadmin_id bigint,
  action text NOT NULL,
  target_type text,
  target_id text,
  ip text,
  details jsonb
);

-- Used by @socket.io/postgres-adapter for payloads too large for NOTIFY (multi-node realtime).
CREATE TABLE socket_io_attachments (
  id bigserial UNIQUE,
  created_at timestamptz DEFAULT now(),
  payload bytea
);

CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only';
END $$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();
CREATE TRIGGER platform_audit_log_append_only BEFORE UPDATE OR DELETE ON platform_audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();

-- Row-level security: the second lock. The NULLIF form keeps '' (a reset pooled setting) from raising.
ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
ALTER TABLE tenants FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON tenants
  USING (id = NULLIF(current_setting('app.tenant_id', true), '')::bigint);

ALTER TABLE users ENABLE ROW LEVEL SECURITY;
ALTER TABLE users FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON users
  USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::bigint);

ALTER TABLE devices ENABLE ROW LEVEL SECURITY;
ALTER TABLE devices FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON devices
  USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::bigint);

ALTER TABLE password_reset_tokens ENABLE ROW LEVEL SECURITY;
ALTER TABLE password_reset_tokens FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON password_reset_tokens
  USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::bigint);

ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
ALTER TABLE audit_log FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON audit_log
  USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::bigint);

-- Tenant work runs as comanda_app: it reads and writes its own tenant's rows, never the audit log's past.
GRANT SELECT, UPDATE ON tenants TO comanda_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON users, devices, password_reset_tokens TO comanda_app;
GRANT SELECT, INSERT ON audit_log TO comanda_app;
