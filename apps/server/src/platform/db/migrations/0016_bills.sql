-- Split bills and mixed tenders (issue 15, docs/bills.md). A group is still paid by ONE invoice (the
-- reports' rollup triggers of 0011 count it unchanged); a split bill adds its parts, what share of
-- which line each part pays, and the payments of each part. Same rules as 0001: tenant_id leads every
-- key, index and foreign key; RLS forced; money in integer minor units of the invoice's currency.

-- The seat a line is for, so a table's bill can be split by seat. Null: the table shares it.
ALTER TABLE order_items ADD COLUMN seat smallint CHECK (seat BETWEEN 1 AND 99);

CREATE TABLE invoice_parts (
  tenant_id bigint NOT NULL,
  invoice_id bigint NOT NULL,
  -- 1-based, in the order the parts were paid and are printed.
  part_no smallint NOT NULL CHECK (part_no BETWEEN 1 AND 20),
  -- item, seat or even: how the bill was split; whole: one part paid with several payments.
  split_mode text NOT NULL CHECK (split_mode IN ('whole', 'item', 'seat', 'even')),
  seat smallint CHECK (seat BETWEEN 1 AND 99),
  net_minor bigint NOT NULL CHECK (net_minor >= 0),
  tax_minor bigint NOT NULL CHECK (tax_minor >= 0),
  total_minor bigint NOT NULL CHECK (total_minor >= 0),
  PRIMARY KEY (tenant_id, invoice_id, part_no),
  FOREIGN KEY (tenant_id, invoice_id) REFERENCES invoices (tenant_id, id) ON DELETE CASCADE
);

-- A part's share of a line: share_num / share_den of it (units of its quantity, or 1/N of it), and the
-- net, tax and total that share pays. A line's shares add up to its own figures exactly (packages/core
-- bill-split.ts), so tax is attributed line by line.
CREATE TABLE invoice_part_lines (
  tenant_id bigint NOT NULL,
  invoice_id bigint NOT NULL,
  part_no smallint NOT NULL,
  order_item_id bigint NOT NULL,
  share_num integer NOT NULL CHECK (share_num > 0),
  share_den integer NOT NULL CHECK (share_den >= share_num),
  net_minor bigint NOT NULL CHECK (net_minor >= 0),
  tax_minor bigint NOT NULL CHECK (tax_minor >= 0),
  total_minor bigint NOT NULL CHECK (total_minor >= 0),
  PRIMARY KEY (tenant_id, invoice_id, part_no, order_item_id),
  FOREIGN KEY (tenant_id, invoice_id, part_no) REFERENCES invoice_parts (tenant_id, invoice_id, part_no)
    ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, order_item_id) REFERENCES order_items (tenant_id, id) ON DELETE CASCADE
);
CREATE INDEX invoice_part_lines_item_idx ON invoice_part_lines (tenant_id, order_item_id);

-- Which part a payment pays; null for a bill paid in one (every bill before this migration).
ALTER TABLE invoice_payments ADD COLUMN part_no smallint;
ALTER TABLE invoice_payments ADD FOREIGN KEY (tenant_id, invoice_id, part_no)
  REFERENCES invoice_parts (tenant_id, invoice_id, part_no);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['invoice_parts', 'invoice_part_lines']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant_isolation ON %I USING (tenant_id = NULLIF(current_setting(''app.tenant_id'', true), '''')::bigint)',
      t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO comanda_app', t);
  END LOOP;
END $$;
