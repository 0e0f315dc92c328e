package com.assessments.common;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The hand-made timestamp text is the formatter's, character for character, wherever it is used. */
class UtcTimestampSerializerTest {

    private static final DateTimeFormatter ISO = DateTimeFormatter.ISO_OFFSET_DATE_TIME; // Jackson's default

    @Test
    void writesWhatTheIsoFormatterWrites() {
        long first = OffsetDateTime.parse("0000-01-01T00:00:00Z").toEpochSecond();
        long last = OffsetDateTime.parse("9999-12-31T23:59:59Z").toEpochSecond();
        SplittableRandom random = new SplittableRandom(14);
        for (int i = 0; i < 200_000; i++) {
            int nano = switch (i % 5) { // whole seconds, and each precision a fraction is trimmed to
                case 0 -> 0;
                case 1 -> random.nextInt(1000) * 1_000_000;
                case 2 -> random.nextInt(1_000_000) * 1000;
                case 3 -> random.nextInt(1_000_000_000);
                default -> random.nextInt(10) * 100_000_000;
            };
            same(OffsetDateTime.ofInstant(Instant.ofEpochSecond(random.nextLong(first, last + 1), nano), ZoneOffset.UTC));
        }
        for (String edge : new String[]{"0000-01-01T00:00:00Z", "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z",
                "2024-02-29T12:00:00.5Z", "1970-01-01T00:00:00.000001Z", "2026-11-28T05:40:00Z", "2026-11-28T00:00:00.100Z"}) {
            same(OffsetDateTime.parse(edge));
        }
        // what the service writes: Times.utc of now, in microseconds
        same(Times.utc(Instant.now()));
        same(Times.utc(Instant.now().truncatedTo(ChronoUnit.SECONDS)));
    }

    @Test
    void leavesOtherTimestampsToTheFormatter() {
        assertNull(UtcTimestampSerializer.format(OffsetDateTime.parse("2026-11-28T05:40:28+01:00")));
        assertNull(UtcTimestampSerializer.format(OffsetDateTime.parse("+10000-01-01T00:00:00Z")));
        assertNull(UtcTimestampSerializer.format(OffsetDateTime.parse("-0001-12-31T23:59:59Z")));
        // an offset written +00:00 is UTC, and comes out as Z
        same(OffsetDateTime.parse("2026-11-28T05:40:28.25+00:00"));
    }

    private static void same(OffsetDateTime value) {
        assertEquals(ISO.format(value), UtcTimestampSerializer.format(value), value::toString);
    }
}
