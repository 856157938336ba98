-- Trigram indexes serve the product search on PostgreSQL (SQLite uses FTS5).
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may
-- create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
