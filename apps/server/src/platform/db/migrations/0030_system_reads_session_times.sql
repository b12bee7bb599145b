-- A socket lives as long as its device session, not one access token (issue 30): the session check
-- also reads when the session ends (its sign-in and last refresh). Still not the refresh hashes.
GRANT SELECT (created_at, rotated_at) ON devices TO comanda_system;
