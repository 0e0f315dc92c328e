package com.assessments.common;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;

import java.io.IOException;
import java.util.AbstractMap;
import java.util.Collections;
import java.util.Map;
import java.util.Set;

/**
 * A stored JSON object (a jsonb column's text, valid JSON by construction) handed to a DTO's map property and written
 * out verbatim: parsing it into a map only for Jackson to write the map again was 2.6 % of a GET session's samples in
 * a profile, for a two-member metadata object. The text is PostgreSQL's (a space after each colon and comma, numbers
 * as it prints them, non-ASCII characters as UTF-8): the same JSON value as Jackson would write, not the same bytes.
 * Read as a map (equals, get, iteration), it is parsed on first use with the reader it was given, and cannot be
 * changed. Keep it out of JSON trees ({@code valueToTree} makes it an opaque node): event data takes a parsed map.
 */
@JsonSerialize(using = RawJsonObject.VerbatimWriter.class)
public final class RawJsonObject extends AbstractMap<String, Object> {

    private final String json;
    private final ObjectReader reader;
    private Map<String, Object> parsed;

    /** The text of a JSON object, and a reader of it into a map for those who read it as one. */
    public RawJsonObject(String json, ObjectReader reader) {
        if (!isObjectText(json)) {
            throw new IllegalArgumentException("not the text of a JSON object");
        }
        this.json = json;
        this.reader = reader;
    }

    /** Whether the text is that of an object (a jsonb column's text has no leading space). */
    public static boolean isObjectText(String json) {
        return json != null && json.startsWith("{");
    }

    @Override
    public Set<Entry<String, Object>> entrySet() {
        Map<String, Object> map = parsed;
        if (map == null) {
            try {
                map = Collections.unmodifiableMap(reader.readValue(json));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("stored JSON is not an object", e);
            }
            parsed = map;
        }
        return map.entrySet();
    }

    /** Writes the stored text as the value. */
    public static final class VerbatimWriter extends JsonSerializer<RawJsonObject> {

        @Override
        public void serialize(RawJsonObject value, JsonGenerator out, SerializerProvider provider) throws IOException {
            out.writeRawValue(value.json);
        }
    }
}
