-- The time clock (issue 31, docs/timeclock.md): staff clock in and out for themselves, take breaks, and
-- the owner (an admin, or staff with MANAGER) corrects and adds entries with a reason, audited. Same
-- rules as 0001: tenant_id leads every key, index and foreign key; RLS forced.
--
-- Times are the server's clock (now() of the request), never the device's. An entry keeps the user id
-- and the name as it was (no foreign key to users, like shifts.opened_by): deleting a user never takes
-- their hours out of a timesheet already paid.
CREATE TABLE time_entries (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  user_id bigint NOT NULL,
  user_name text NOT NULL,
  clock_in timestamptz NOT NULL,
  -- null while the person is on the clock.
  clock_out timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK (clock_out IS NULL OR clock_out >= clock_in)
);
-- One open entry per person: a second clock-in racing the first finds this and answers the open one.
CREATE UNIQUE INDEX time_entries_one_open_key ON time_entries (tenant_id, user_id) WHERE clock_out IS NULL;
CREATE INDEX time_entries_user_in_idx ON time_entries (tenant_id, user_id, clock_in);
CREATE INDEX time_entries_in_idx ON time_entries (tenant_id, clock_in);

-- Breaks inside an entry; ended_at null while the person is on it (at most one such per entry).
CREATE TABLE time_breaks (
  tenant_id bigint NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  entry_id bigint NOT NULL,
  started_at timestamptz NOT NULL,
  ended_at timestamptz,
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, entry_id) REFERENCES time_entries (tenant_id, id) ON DELETE CASCADE,
  CHECK (ended_at IS NULL OR ended_at >= started_at)
);
CREATE UNIQUE INDEX time_breaks_one_open_key ON time_breaks (tenant_id, entry_id) WHERE ended_at IS NULL;
CREATE INDEX time_breaks_entry_idx ON time_breaks (tenant_id, entry_id, started_at);

ALTER TABLE time_entries ENABLE ROW LEVEL SECURITY;
ALTER TABLE time_entries FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON time_entries
  USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::bigint);
GRANT SELECT, INSERT, UPDATE, DELETE ON time_entries TO comanda_app;

ALTER TABLE time_breaks ENABLE ROW LEVEL SECURITY;
ALTER TABLE time_breaks FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON time_breaks
  USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::bigint);
GRANT SELECT, INSERT, UPDATE, DELETE ON time_breaks TO comanda_app;
