package com.assessments.common;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/** Instants on the wire: UTC, to the microsecond PostgreSQL keeps, so a value reads back as it was sent. */
public final class Times {

    private Times() {
    }

    /** A timestamp column as a native query returns it (Timestamp, Instant or OffsetDateTime, by driver and Hibernate version). */
    public static Instant instant(Object column) {
        if (column == null) {
            return null;
        }
        if (column instanceof java.sql.Timestamp t) {
            return t.toInstant();
        }
        return column instanceof Instant i ? i : ((OffsetDateTime) column).toInstant();
    }

    public static OffsetDateTime utc(Instant instant) {
        return instant == null ? null : OffsetDateTime.ofInstant(instant.truncatedTo(ChronoUnit.MICROS), ZoneOffset.UTC);
    }
}
