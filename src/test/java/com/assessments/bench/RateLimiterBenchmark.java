package com.assessments.bench;

import com.assessments.key.RateLimiter;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

/**
 * Cost of the rate limiter per request (not part of the test suite). Run:
 * <pre>./mvnw -B verify -Dtest=RateLimiterBenchmark -Dsurefire.failIfNoSpecifiedTests=false</pre>
 * Prints checks per second on one thread and p50/p99 latency of one check (one PostgreSQL round trip).
 */
@QuarkusTest
class RateLimiterBenchmark {

    static final int CHECKS = Integer.getInteger("bench.checks", 10_000);

    @Inject
    RateLimiter limiter;

    @Test
    void check() {
        for (int i = 0; i < 1000; i++) {
            limiter.check("bench:warmup", 1_000_000);
        }
        long[] nanos = new long[CHECKS];
        long started = System.nanoTime();
        for (int i = 0; i < CHECKS; i++) {
            long t0 = System.nanoTime();
            limiter.check("bench:key" + (i % 100), 1_000_000);
            nanos[i] = System.nanoTime() - t0;
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        // the figures are only meaningful if the checks really went to the database (the limiter fails open)
        String probe = "bench:probe" + System.nanoTime();
        org.junit.jupiter.api.Assertions.assertTrue(limiter.check(probe, 1).allowed());
        org.junit.jupiter.api.Assertions.assertFalse(limiter.check(probe, 1).allowed(), "the limiter is not reaching the database");
        Arrays.sort(nanos);
        System.out.printf("%nrate limiter: %d checks in %.2f s = %.0f checks/s on one thread; p50 %.3f ms, p99 %.3f ms%n%n",
                CHECKS, seconds, CHECKS / seconds, nanos[CHECKS / 2] / 1e6, nanos[(int) (CHECKS * 0.99) - 1] / 1e6);
    }
}
