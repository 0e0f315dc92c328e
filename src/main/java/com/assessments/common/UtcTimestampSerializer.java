package com.assessments.common;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.databind.BeanProperty;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JacksonStdImpl;
import com.fasterxml.jackson.datatype.jsr310.ser.OffsetDateTimeSerializer;

import java.time.OffsetDateTime;

/**
 * Writes the contract's timestamps ({@link Times#utc}: UTC; the input rules keep dates in years 0001-9999) as Jackson's default does, the text of
 * {@code DateTimeFormatter.ISO_OFFSET_DATE_TIME} ({@code 2026-11-28T05:40:28.123456Z}, the fraction without trailing
 * zeros and left out when zero), by filling a few characters instead of running the formatter's printer chain: that
 * chain was 3 % of a GET session's samples in a profile (four timestamps an answer, eighty in a list page).
 *
 * <p>Anything else takes Jackson's own path: another offset, a year outside 0-9999, a property with its own
 * {@code @JsonFormat} (Jackson then makes its own serializer for it), a mapper with a time zone of its own, and
 * timestamps written as numbers. {@code UtcTimestampSerializerTest} compares the two texts value by value.
 */
@JacksonStdImpl // else Blackbird serves each timestamp property by a reflective getter call (JsonAccessors.ToStringWriter)
public final class UtcTimestampSerializer extends OffsetDateTimeSerializer {

    public static final UtcTimestampSerializer INSTANCE = new UtcTimestampSerializer();

    private UtcTimestampSerializer() {
    }

    /**
     * This writer for a property without a format of its own. Jackson's would answer a copy of its own default writer
     * for every property (an empty format still differs from the default's unset shape), and this one would never run.
     */
    @Override
    public JsonSerializer<?> createContextual(SerializerProvider provider, BeanProperty property) throws JsonMappingException {
        JsonFormat.Value format = findFormatOverrides(provider, property, handledType());
        return format == null || format.equals(JsonFormat.Value.empty()) ? this : super.createContextual(provider, property);
    }

    @Override
    protected String formatValue(OffsetDateTime value, SerializerProvider provider) {
        // (this writer never has a formatter of its own: for a property with a format, createContextual hands out
        // Jackson's writer)
        String text = provider.getConfig().hasExplicitTimeZone() ? null : format(value);
        return text != null ? text : super.formatValue(value, provider);
    }

    /** The ISO text of a UTC timestamp in years 0-9999, or null for any other. */
    static String format(OffsetDateTime value) {
        int year = value.getYear();
        if (value.getOffset().getTotalSeconds() != 0 || year < 0 || year > 9999) {
            return null;
        }
        char[] text = new char[30]; // yyyy-MM-ddTHH:mm:ss.nnnnnnnnnZ
        digits(text, 0, year, 4);
        text[4] = '-';
        digits(text, 5, value.getMonthValue(), 2);
        text[7] = '-';
        digits(text, 8, value.getDayOfMonth(), 2);
        text[10] = 'T';
        digits(text, 11, value.getHour(), 2);
        text[13] = ':';
        digits(text, 14, value.getMinute(), 2);
        text[16] = ':';
        digits(text, 17, value.getSecond(), 2);
        int end = 19;
        int nano = value.getNano();
        if (nano != 0) {
            text[19] = '.';
            digits(text, 20, nano, 9);
            end = 29;
            while (text[end - 1] == '0') {
                end--; // the formatter prints the fewest digits that keep the value
            }
        }
        text[end++] = 'Z';
        return new String(text, 0, end);
    }

    private static void digits(char[] text, int at, int value, int width) {
        for (int i = at + width - 1; i >= at; i--) {
            text[i] = (char) ('0' + value % 10);
            value /= 10;
        }
    }
}
