-- Trigram indexes serve the search forms' substring filters (LIKE '%text%') without reading the whole table; each
-- resource table gets one per searched text column (resource-tables.ts). Trusted extension: a database owner may add it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
