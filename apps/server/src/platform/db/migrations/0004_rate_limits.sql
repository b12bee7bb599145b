-- Sign-in rate-limit counters shared by every app node (PostgreSQL only; the embedded database counts in
-- memory). Not tenant data: a counter exists before anyone is known, so no tenant_id and no RLS.

CREATE TABLE rate_limit_counters (
  -- sha256 of the limiter's key (route, address, username): no addresses or usernames are stored.
  key text PRIMARY KEY,
  hits integer NOT NULL,
  reset_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_counters_reset_idx ON rate_limit_counters (reset_at);

-- The system path counts hits (sign-in comes before any tenant is known).
GRANT SELECT, INSERT, UPDATE, DELETE ON rate_limit_counters TO comanda_system;
