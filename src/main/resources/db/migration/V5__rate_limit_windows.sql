-- Sliding-window rate limiting shared by all replicas: a counter per subject (API key) and one-minute window;
-- a request reads the current and the previous window in the same statement that counts it.
create table rate_limit_windows (
    subject      text        not null,
    window_start timestamptz not null,
    count        integer     not null,
    primary key (subject, window_start)
);
