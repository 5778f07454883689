-- Several server nodes (docs/cluster.md) need Postgres: the embedded SQLite store is one
-- node's own file and never holds a lease. The table exists so both dialects keep one schema.

CREATE TABLE match_leases (
    match_id   TEXT PRIMARY KEY REFERENCES matches(id),
    node_id    TEXT NOT NULL,
    token      INTEGER NOT NULL,
    expires_ms INTEGER NOT NULL
);

CREATE INDEX match_leases_node ON match_leases (node_id);
