-- Refunds belong to the shift open when they are made, as payments do (0018): the money leaves that
-- shift's drawer (or card takings), its Z report counts it, and a closed shift never gains one. The open
-- shift is locked FOR SHARE until the refund commits, so a close waits and then counts it; a refund made
-- with no shift open is recorded without one.
ALTER TABLE refunds ADD COLUMN shift_id bigint;
ALTER TABLE refunds ADD FOREIGN KEY (tenant_id, shift_id) REFERENCES shifts (tenant_id, id);
CREATE INDEX refunds_shift_idx ON refunds (tenant_id, shift_id);
-- Whether it was paid out of the drawer, as its type said then (invoice_payments.is_cash, 0018).
ALTER TABLE refunds ADD COLUMN is_cash boolean NOT NULL DEFAULT false;
UPDATE refunds r SET is_cash = true FROM payment_types t
  WHERE t.tenant_id = r.tenant_id AND t.id = r.payment_type_id AND t.is_cash;

CREATE FUNCTION refunds_shift() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.is_cash := coalesce(
    (SELECT is_cash FROM payment_types WHERE tenant_id = NEW.tenant_id AND id = NEW.payment_type_id), false);
  IF NEW.shift_id IS NULL THEN
    SELECT id INTO NEW.shift_id FROM shifts WHERE tenant_id = NEW.tenant_id AND status = 'open' FOR SHARE;
  ELSE
    PERFORM 1 FROM shifts WHERE tenant_id = NEW.tenant_id AND id = NEW.shift_id AND status = 'open' FOR SHARE;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'shift % is closed', NEW.shift_id USING ERRCODE = 'CM001';
    END IF;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER refunds_shift BEFORE INSERT ON refunds FOR EACH ROW EXECUTE FUNCTION refunds_shift();
