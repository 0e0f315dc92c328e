package com.assessments.support;

import jakarta.enterprise.context.ApplicationScoped;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/** Replaces the system clock in tests (the production clock is a @DefaultBean): time moves only when told. */
@ApplicationScoped
public class TestClock extends Clock {

    // microseconds, as PostgreSQL stores instants, so values read back equal the ones written
    private volatile Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);

    public void advance(Duration duration) {
        now = now.plus(duration);
    }

    public void set(Instant instant) {
        now = instant;
    }

    public void reset() {
        now = Instant.now().truncatedTo(ChronoUnit.MICROS);
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }
}
