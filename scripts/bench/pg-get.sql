-- A primary-key read of a whole session row (a copy of the sessions table numbered from 1, same rows and width).
\set n random(1, :rows)
SELECT * FROM bench_sessions WHERE n = :n;
