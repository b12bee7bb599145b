-- The POS ticket in a rush (issue 31, docs/tickets.md).
--
-- Drafts that follow the user: a ticket a waiter saves with Draft is theirs on every device they sign in
-- on (the drafts kept in one browser's storage did not follow them to the next tablet). One row per
-- draft, owned by the user who saved it; the ticket is the POS's own cart shape, checked by the server
-- (ticketDraftSchema, packages/core) and limited in size. Same rules as 0001: tenant_id leads every key,
-- index and foreign key; RLS forced.
CREATE TABLE pos_drafts (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  user_id bigint NOT NULL,
  -- Whom or what it is for, as the list shows it: the guest, the table, the name tag or 'Walk-in'.
  name_ref text NOT NULL CHECK (char_length(name_ref) BETWEEN 1 AND 100),
  ticket jsonb NOT NULL CHECK (pg_column_size(ticket) <= 65536),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, user_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX pos_drafts_user_idx ON pos_drafts (tenant_id, user_id, created_at);

ALTER TABLE pos_drafts ENABLE ROW LEVEL SECURITY;
ALTER TABLE pos_drafts FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON pos_drafts
  USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::bigint);
GRANT SELECT, INSERT, DELETE ON pos_drafts TO comanda_app;

-- A dine-in order without a table may carry a name tag ("Anna, by the window") when the owner allows
-- it; otherwise the POS asks for a table. Off by default: SPEC §7's create-order stays as written (a
-- name tag is an optional field; the POS, not the server, asks for the table).
ALTER TABLE store_settings ADD COLUMN allow_name_tags boolean NOT NULL DEFAULT false;
ALTER TABLE orders ADD COLUMN name_tag text CHECK (char_length(name_tag) <= 40);
