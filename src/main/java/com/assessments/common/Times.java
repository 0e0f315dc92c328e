package com.assessments.common;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/** Instants on the wire: UTC, to the microsecond PostgreSQL keeps, so a value reads back as it was sent. */
public final class Times {

    private Times() {
    }

    public static OffsetDateTime utc(Instant instant) {
        return instant == null ? null : OffsetDateTime.ofInstant(instant.truncatedTo(ChronoUnit.MICROS), ZoneOffset.UTC);
    }
}
