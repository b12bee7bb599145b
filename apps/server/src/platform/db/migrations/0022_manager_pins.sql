-- A manager's PIN on the same device (issue 15, docs/discounts.md). A manager (scope MANAGER, or an admin)
-- sets a PIN of 4-8 digits on their profile; at a cashier's terminal they pick their name and type it to
-- approve a discount above the owner's threshold. The PIN is stored as an argon2id hash like passwords;
-- five wrong PINs in a row lock that manager's PIN (15, then 30 minutes), and the third lock in a row
-- switches it off until they set it again. Same rules as 0001: tenant_id leads every key and foreign
-- key; RLS forced.
ALTER TABLE users
  ADD COLUMN pin_hash text,
  ADD COLUMN pin_failures smallint NOT NULL DEFAULT 0,
  ADD COLUMN pin_locks smallint NOT NULL DEFAULT 0,
  ADD COLUMN pin_locked_until timestamptz;

-- One approval: given by a manager's PIN to the cashier who asked (requested_by), for these orders and
-- these discounts (approval_key, see approvalKey in core) and at most the money they took off then
-- (discount_minor), used at most once by a pay call made before it expires. The pay records the
-- approver on the invoice (discount_approved_by).
CREATE TABLE discount_approvals (
  tenant_id bigint NOT NULL,
  id uuid NOT NULL,
  approver_id bigint NOT NULL,
  requested_by bigint NOT NULL,
  approval_key text NOT NULL,
  discount_minor bigint NOT NULL CHECK (discount_minor > 0),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  FOREIGN KEY (tenant_id, approver_id) REFERENCES users (tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, requested_by) REFERENCES users (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX discount_approvals_approver_idx ON discount_approvals (tenant_id, approver_id);
CREATE INDEX discount_approvals_requested_idx ON discount_approvals (tenant_id, requested_by);

ALTER TABLE discount_approvals ENABLE ROW LEVEL SECURITY;
ALTER TABLE discount_approvals FORCE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON discount_approvals
  USING (tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::bigint);
GRANT SELECT, INSERT, UPDATE, DELETE ON discount_approvals TO comanda_app;
