-- A sale replayed from a device's outbox joins the shift open when it arrives (issue 29, docs/shifts.md).
-- 0018 left a payment dated before the open shift began (X-Queued-Ms) in no shift: its cash was in the
-- drawer and expected in none, and the day it was dated in may have been read already. Now the app
-- never dates a sale before the open shift began (shifts/sale-clock.ts) and marks the payment as taken
-- before the shift: the Z report counts it as a late sale.
ALTER TABLE invoice_payments ADD COLUMN taken_before_shift boolean NOT NULL DEFAULT false;
-- Late is said of a shift: a payment with none is never late.
ALTER TABLE invoice_payments ADD CONSTRAINT invoice_payments_late_in_shift
  CHECK (NOT taken_before_shift OR shift_id IS NOT NULL);

-- As 0018, except that a new payment joins the open shift whatever its date, and a closed shift's
-- payment cannot be marked late afterwards.
CREATE OR REPLACE FUNCTION invoice_payments_shift() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- Only what the shift counts is frozen: a deleted payment type still sets payment_type_id null.
    IF ROW(NEW.shift_id, NEW.invoice_id, NEW.amount_minor, NEW.tendered_minor, NEW.change_minor, NEW.is_cash,
        NEW.taken_before_shift)
        IS NOT DISTINCT FROM ROW(OLD.shift_id, OLD.invoice_id, OLD.amount_minor, OLD.tendered_minor,
          OLD.change_minor, OLD.is_cash, OLD.taken_before_shift) THEN
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
    -- The cash is in the drawer of the shift open now, whenever the sale was made.
    SELECT id INTO NEW.shift_id FROM shifts WHERE tenant_id = NEW.tenant_id AND status = 'open' FOR SHARE;
  ELSIF NEW.shift_id IS NOT NULL THEN
    PERFORM 1 FROM shifts WHERE tenant_id = NEW.tenant_id AND id = NEW.shift_id AND status = 'open' FOR SHARE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'shift % is closed', NEW.shift_id USING ERRCODE = 'CM001';
    END IF;
  END IF;
  RETURN NEW;
END
$$;
