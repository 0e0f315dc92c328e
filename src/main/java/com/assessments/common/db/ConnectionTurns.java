package com.assessments.common.db;

import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Turns for {@link InTurn} work, first come first served: at most {@code assessments.db.turns} (the pool's size by
 * default) run at once on a replica, and the others wait in the order they came. Why not leave the waiting to the
 * pool: Agroal hands a connection given back to its longest waiter, but that waiter must still be scheduled to take it,
 * and on a busy machine the thread that gave it back (its next request) or a newcomer often takes it first; the waiter
 * then queues again at the back. Interleaved live creates at 16 clients, the pool 5 (README, Benchmarks, session 29):
 * the same answers a second, p99 42.8 ms in turns against 54.8 ms without. A turn is waited for at most the pool's
 * acquisition timeout, then the call fails as the pool's does (503 service_unavailable: DatabaseOutage); in its turn
 * the call may still wait the pool's own timeout for a connection, when background jobs hold some of them. A thread
 * already in its turn does not wait again for a nested call.
 */
@Singleton
public class ConnectionTurns {

    private final Semaphore turns;
    private final long timeoutNanos;
    private final ThreadLocal<Boolean> inTurn = new ThreadLocal<>();

    public ConnectionTurns(TurnsConfig config,
                           @ConfigProperty(name = "quarkus.datasource.jdbc.acquisition-timeout") Duration timeout) {
        int turns = config.turns();
        if (turns < 1) {
            throw new IllegalArgumentException("assessments.db.turns must be at least 1, not " + turns);
        }
        this.turns = new Semaphore(turns, true);
        this.timeoutNanos = timeout.toNanos();
    }

    /** Runs {@code work} once its turn comes; its exceptions are thrown as they are. */
    public <T> T run(Callable<T> work) throws Exception {
        if (inTurn.get() != null) {
            return work.call();
        }
        if (!take()) {
            throw new IllegalStateException("no turn for a database connection in time", new SQLTransientConnectionException(
                    "acquisition timeout: every turn was taken for " + Duration.ofNanos(timeoutNanos).toMillis() + " ms"));
        }
        inTurn.set(Boolean.TRUE);
        try {
            return work.call();
        } finally {
            inTurn.remove();
            turns.release();
        }
    }

    /** False when no turn came within the timeout (none: no bound, as the pool's 0) or the wait was interrupted. */
    private boolean take() {
        try {
            if (timeoutNanos <= 0) {
                turns.acquire();
                return true;
            }
            return turns.tryAcquire(timeoutNanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // kept for the caller; the request is answered as a timeout
            return false;
        }
    }

    /** Calls waiting for a turn now (for tests and gauges). */
    int waiting() {
        return turns.getQueueLength();
    }
}
