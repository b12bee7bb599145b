-- Whether the POS prints a token for a dine-in order too (issue 31, docs/orders.md "Tokens"). A token
-- is what a takeaway or delivery guest waits with; a dine-in table is served at its table, so the
-- popup after every Send only got in the waiter's way. Off unless the owner switches it on. A column of
-- print_settings, the store's one row (0006); SPEC §7's print-setting payload does not name it, so a
-- save without it keeps what is stored.
ALTER TABLE print_settings ADD COLUMN print_token_dine_in boolean NOT NULL DEFAULT false;
