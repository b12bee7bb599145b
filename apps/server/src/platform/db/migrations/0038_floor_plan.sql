-- The floor plan (issue 31, docs/floor-plan.md). Each table's place on its floor's plan, in plan units
-- (packages/core floor-plan.ts: a plan is 1200 wide): left, top, width, height and shape. The four
-- numbers are null until the owner places the table: such a table is shown in a grid slot computed at
-- read time (defaultPlacement), so existing and newly added tables appear laid out with no backfill,
-- and the SPEC §7 add and update calls (title, floor, seatingCapacity) stay as they are. All four are
-- set together or not at all.
ALTER TABLE store_tables
  ADD COLUMN plan_x integer,
  ADD COLUMN plan_y integer,
  ADD COLUMN plan_width integer,
  ADD COLUMN plan_height integer,
  ADD COLUMN plan_shape text NOT NULL DEFAULT 'square' CHECK (plan_shape IN ('square', 'round')),
  ADD CONSTRAINT store_tables_plan_all_or_none CHECK (
    (plan_x IS NULL) = (plan_y IS NULL) AND (plan_x IS NULL) = (plan_width IS NULL)
    AND (plan_x IS NULL) = (plan_height IS NULL)
  ),
  ADD CONSTRAINT store_tables_plan_bounds CHECK (
    plan_x IS NULL OR (plan_x >= 0 AND plan_y >= 0 AND plan_width BETWEEN 80 AND 480
      AND plan_height BETWEEN 80 AND 480 AND plan_x + plan_width <= 1200 AND plan_y + plan_height <= 2400)
  );

-- "Bill printed" on the plan: when the table's bill (receipt) was last printed from Table Orders. Set
-- for the group's open orders by POST /orders/receipt-printed as the receipt opens; an order sent to the
-- table afterwards has none, so the table reads as ordered again until the bill is printed anew.
ALTER TABLE orders ADD COLUMN receipt_printed_at timestamptz;
