-- Shifts (issue 15, docs/shifts.md): a till session opened with a float, drawer movements (pay in, pay
-- out, "No sale" openings), a close that counts each payment type against what the shift expects, and
-- the Z report read from all of it. Same rules as 0001: tenant_id leads every key, index and foreign
-- key; RLS forced; money in integer minor units of the store currency.
--
-- One open shift per store at a time: the small restaurants Comanda is for run one drawer. Payments
-- are given to the open shift by a trigger on invoice_payments, so no billing code names a shift. A
-- closed shift cannot change: the service refuses, and the triggers below refuse too.

-- Which payment types go in the drawer. Existing types called 'Cash' (any case) are cash; so is a new
-- type of that name (the trigger), and the Payment Types screen switches it either way afterwards.
ALTER TABLE payment_types ADD COLUMN is_cash boolean NOT NULL DEFAULT false;
UPDATE payment_types SET is_cash = true WHERE lower(btrim(title)) = 'cash';

CREATE FUNCTION payment_types_cash_by_title() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF lower(btrim(NEW.title)) = 'cash' THEN
    NEW.is_cash := true;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER payment_types_cash_by_title BEFORE INSERT ON payment_types
  FOR EACH ROW EXECUTE FUNCTION payment_types_cash_by_title();

CREATE TABLE shifts (
  tenant_id bigint NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  id bigint GENERATED ALWAYS AS IDENTITY,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  -- The store currency the shift's amounts are in, as opened.
  currency text NOT NULL,
  float_minor bigint NOT NULL CHECK (float_minor >= 0),
  -- Who opened and closed it: the user (no foreign key, like invoices.created_by: a closed shift never
  -- changes, not even when a user is deleted) and their name as it was.
  opened_by bigint,
  opened_by_name text NOT NULL,
  opened_at timestamptz NOT NULL DEFAULT now(),
  closed_by bigint,
  closed_by_name text,
  closed_at timestamptz,
  -- The lines voided in the shift, as they stood at the close: a line restored later must not change a
  -- closed shift's Z report.
  voids_count integer,
  voids_minor bigint,
  PRIMARY KEY (tenant_id, id),
  CHECK ((status = 'open') = (closed_at IS NULL))
);
-- At most one open shift per store: a second open answers 409.
CREATE UNIQUE INDEX shifts_one_open_key ON shifts (tenant_id) WHERE status = 'open';
CREATE INDEX shifts_tenant_opened_idx ON shifts (tenant_id, opened_at);

-- Cash put in or taken out of the drawer with a note, and drawer openings without a sale.
CREATE TABLE shift_movements (
  tenant_id bigint NOT NULL,
  id bigint GENERATED ALWAYS AS IDENTITY,
  shift_id bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('pay_in', 'pay_out', 'no_sale')),
  amount_minor bigint NOT NULL DEFAULT 0 CHECK (amount_minor >= 0),
  note text,
  created_by bigint,
  created_by_name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id),
  CHECK (kind = 'no_sale' OR (amount_minor > 0 AND note IS NOT NULL)),
  FOREIGN KEY (tenant_id, shift_id) REFERENCES shifts (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX shift_movements_shift_idx ON shift_movements (tenant_id, shift_id);

-- The close: per line of the count (the drawer's cash type, each other payment type), what the shift
-- expected, what was counted (null: not counted) and the difference (counted - expected: over > 0).
CREATE TABLE shift_counts (
  tenant_id bigint NOT NULL,
  shift_id bigint NOT NULL,
  -- 'type:<payment type id>', or 'title:<title>' for payments whose type was deleted since.
  line_key text NOT NULL,
  payment_type_id bigint,
  title text NOT NULL,
  is_cash boolean NOT NULL,
  expected_minor bigint NOT NULL,
  counted_minor bigint CHECK (counted_minor >= 0),
  difference_minor bigint,
  PRIMARY KEY (tenant_id, shift_id, line_key),
  FOREIGN KEY (tenant_id, shift_id) REFERENCES shifts (tenant_id, id) ON DELETE CASCADE
);

ALTER TABLE invoice_payments ADD COLUMN shift_id bigint;
-- Whether the payment went into the drawer, as its type said when it was made: a type deleted or
-- changed later must not move cash already taken out of the drawer's count. Set by the trigger below.
ALTER TABLE invoice_payments ADD COLUMN is_cash boolean NOT NULL DEFAULT false;
UPDATE invoice_payments p SET is_cash = true FROM payment_types t
  WHERE t.tenant_id = p.tenant_id AND t.id = p.payment_type_id AND t.is_cash;
ALTER TABLE invoice_payments ADD FOREIGN KEY (tenant_id, shift_id) REFERENCES shifts (tenant_id, id);
CREATE INDEX invoice_payments_shift_idx ON invoice_payments (tenant_id, shift_id);

-- A closed shift is final (SQLSTATE CM001, answered 409 'shift_closed' by the app).
CREATE FUNCTION shifts_closed_is_final() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'closed' THEN
    RAISE EXCEPTION 'shift % is closed', OLD.id USING ERRCODE = 'CM001';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER shifts_closed_is_final BEFORE UPDATE ON shifts
  FOR EACH ROW EXECUTE FUNCTION shifts_closed_is_final();

-- A row written into a shift: the shift must be open, and stays open until this transaction ends (FOR
-- SHARE: a close, which takes the shift FOR UPDATE, waits for it and then counts it).
CREATE FUNCTION shift_rows_need_open_shift() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    PERFORM 1 FROM shifts WHERE tenant_id = OLD.tenant_id AND id = OLD.shift_id AND status = 'closed';
    IF FOUND THEN
      RAISE EXCEPTION 'shift % is closed', OLD.shift_id USING ERRCODE = 'CM001';
    END IF;
  END IF;
  PERFORM 1 FROM shifts WHERE tenant_id = NEW.tenant_id AND id = NEW.shift_id AND status = 'open' FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'shift % is closed', NEW.shift_id USING ERRCODE = 'CM001';
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER shift_movements_open_shift BEFORE INSERT OR UPDATE ON shift_movements
  FOR EACH ROW EXECUTE FUNCTION shift_rows_need_open_shift();
CREATE TRIGGER shift_counts_open_shift BEFORE INSERT OR UPDATE ON shift_counts
  FOR EACH ROW EXECUTE FUNCTION shift_rows_need_open_shift();

-- Nor can a closed shift, its movements or its counts be deleted, unless the whole tenant is (purge_tenant,
-- 0014: the cascade runs once the tenant row is gone).
CREATE FUNCTION shifts_closed_kept() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE closed boolean;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM tenants WHERE id = OLD.tenant_id) THEN
    RETURN OLD;
  END IF;
  IF TG_TABLE_NAME = 'shifts' THEN
    closed := OLD.status = 'closed';
  ELSE
    SELECT s.status = 'closed' INTO closed FROM shifts s
      WHERE s.tenant_id = OLD.tenant_id AND s.id = (to_jsonb(OLD) ->> 'shift_id')::bigint;
  END IF;
  IF closed THEN
    RAISE EXCEPTION 'a closed shift is kept' USING ERRCODE = 'CM001';
  END IF;
  RETURN OLD;
END
$$;
CREATE TRIGGER shifts_closed_kept BEFORE DELETE ON shifts
  FOR EACH ROW EXECUTE FUNCTION shifts_closed_kept();
CREATE TRIGGER shift_movements_closed_kept BEFORE DELETE ON shift_movements
  FOR EACH ROW EXECUTE FUNCTION shifts_closed_kept();
CREATE TRIGGER shift_counts_closed_kept BEFORE DELETE ON shift_counts
  FOR EACH ROW EXECUTE FUNCTION shifts_closed_kept();
CREATE TRIGGER invoice_payments_closed_kept BEFORE DELETE ON invoice_payments
  FOR EACH ROW EXECUTE FUNCTION shifts_closed_kept();

-- A payment belongs to the shift open when it is recorded. The open shift is locked FOR SHARE until the
-- payment commits, so a close (FOR UPDATE) waits and then counts it; a payment that comes while a close
-- holds the shift waits, finds no open shift once the close commits, and is recorded without one (sales
-- are never blocked by a missing shift). A payment never goes into, or out of, a closed shift.
CREATE FUNCTION invoice_payments_shift() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- Only what the shift counts is frozen: a deleted payment type still sets payment_type_id null.
    IF ROW(NEW.shift_id, NEW.invoice_id, NEW.amount_minor, NEW.tendered_minor, NEW.change_minor, NEW.is_cash)
        IS NOT DISTINCT FROM ROW(OLD.shift_id, OLD.invoice_id, OLD.amount_minor, OLD.tendered_minor,
          OLD.change_minor, OLD.is_cash) THEN
      RETURN NEW;
    END IF;
    IF OLD.shift_id IS NOT NULL THEN
      PERFORM 1 FROM shifts WHERE tenant_id = OLD.tenant_id AND id = OLD.shift_id AND status = 'closed';
      IF FOUND THEN
        RAISE EXCEPTION 'shift % is closed', OLD.shift_id USING ERRCODE = 'CM001';
      END IF;
    END IF;
  END IF;
  IF TG_OP = 'INSERT' THEN
    NEW.is_cash := coalesce(
      (SELECT is_cash FROM payment_types WHERE tenant_id = NEW.tenant_id AND id = NEW.payment_type_id), false);
  END IF;
  IF NEW.shift_id IS NULL AND TG_OP = 'INSERT' THEN
    -- A payment taken offline and replayed later is dated when it was made (X-Queued-Ms): made before
    -- the open shift began, its cash went into an earlier drawer, so it joins no shift.
    SELECT id INTO NEW.shift_id FROM shifts
      WHERE tenant_id = NEW.tenant_id AND status = 'open' AND opened_at <= NEW.created_at FOR SHARE;
  ELSIF NEW.shift_id IS NOT NULL THEN
    PERFORM 1 FROM shifts WHERE tenant_id = NEW.tenant_id AND id = NEW.shift_id AND status = 'open' FOR SHARE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'shift % is closed', NEW.shift_id USING ERRCODE = 'CM001';
    END IF;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER invoice_payments_shift BEFORE INSERT OR UPDATE ON invoice_payments
  FOR EACH ROW EXECUTE FUNCTION invoice_payments_shift();

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['shifts', 'shift_movements', 'shift_counts']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = NULLIF(current_setting(''app.tenant_id'', true), '''')::bigint)',
      t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO comanda_app', t);
  END LOOP;
END $$;
