-- Whether cancelling an order or voiding a line must name one of the store's void reasons (issue 30,
-- docs/voids.md). SPEC §7 cancels ({orderIds}) and voids ({status: 'cancelled'}) without one, so it is
-- off unless the owner switches it on. A column of store_settings, the store's one row (0006).
ALTER TABLE store_settings ADD COLUMN require_void_reason boolean NOT NULL DEFAULT false;
