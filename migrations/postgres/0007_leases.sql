-- Several server nodes (docs/cluster.md): which node owns each live match. A node takes a
-- lease when it creates or takes over a match and renews it while it runs the match; another
-- node may take it once `expires_ms` (this database's clock) has passed. Every take raises
-- `token`, and every append checks the token its node holds (in the same transaction, the
-- row locked FOR SHARE), so a node that lost a lease can never write to the match again.

CREATE TABLE match_leases (
    match_id   TEXT PRIMARY KEY REFERENCES matches(id),
    node_id    TEXT NOT NULL,
    token      BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL
);

CREATE INDEX match_leases_node ON match_leases (node_id);
