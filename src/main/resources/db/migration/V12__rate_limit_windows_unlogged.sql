-- Rate-limit counters need no durability: a lost window only lets a credential start a fresh minute. As an UNLOGGED
-- table their writes produce no WAL, so a transaction that only counts does not wait for a WAL flush (fsync) at
-- commit. After a crash of PostgreSQL (or on a promoted standby: unlogged tables are not replicated) the table
-- starts empty.
alter table rate_limit_windows set unlogged;
