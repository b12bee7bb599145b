-- Moving orders and lines between tables (issue 15, docs/moves.md). Same rules as 0001.
--
-- A line moved to another table keeps its ticket: it goes to an order at that table with the same
-- business day and token, made for it when there is none (a "part" of the ticket, numbered from 1; the
-- order taken at the POS is part 0). So the kitchen shows the line under the token it was made for, at
-- its new table, and no token is spent on a move. The token key now names the part.
ALTER TABLE orders ADD COLUMN part integer NOT NULL DEFAULT 0 CHECK (part >= 0);
-- The title of the table the order (or, for a part, its lines) came from by the latest move.
ALTER TABLE orders ADD COLUMN moved_from text;
ALTER TABLE orders DROP CONSTRAINT orders_tenant_token_key;
ALTER TABLE orders ADD CONSTRAINT orders_tenant_token_key UNIQUE (tenant_id, business_date, token_no, part);
