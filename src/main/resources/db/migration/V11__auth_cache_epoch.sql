-- One counter that every change to who may call (key revoked or rotated, organization limits changed) moves in
-- the same transaction; each replica reads it every second and drops its authentication cache when it moved,
-- so a revocation reaches all replicas within about a second instead of the cache's 30 s.
create table auth_cache_epoch (
    id    integer primary key check (id = 1),
    epoch bigint  not null
);
insert into auth_cache_epoch (id, epoch) values (1, 0);
