-- QR orders straight to the kitchen (issue 31, docs/qr-menu.md). The owner chooses whether a diner's
-- QR order waits at the POS to be accepted (SPEC's behaviour, so the default) or is taken as a table
-- order at once. A column of store_settings, the store's one row (0006).
ALTER TABLE store_settings ADD COLUMN qr_orders_to_kitchen boolean NOT NULL DEFAULT false;
-- A QR order taken at once marks itself, so the POS and Table Orders can say "sent to kitchen" rather
-- than count it among those a waiter accepted.
ALTER TABLE qr_orders ADD COLUMN sent_to_kitchen boolean NOT NULL DEFAULT false;
