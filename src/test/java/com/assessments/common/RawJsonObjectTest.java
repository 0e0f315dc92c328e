package com.assessments.common;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

class RawJsonObjectTest {

    private final ObjectMapper mapper = new ObjectMapper();
    private final ObjectReader reader = mapper.readerFor(new TypeReference<LinkedHashMap<String, Object>>() {
    });

    @Test
    void isWrittenVerbatimWhereverItSits() throws Exception {
        // spaced as PostgreSQL prints jsonb; whatever the text, it goes out as it is
        String stored = "{\"b\": 1, \"a\": [\"x\", null], \"é\": {\"n\": \"\\u0001\"}}";
        Map<String, Object> dto = new LinkedHashMap<>();
        dto.put("id", "s-1");
        dto.put("metadata", new RawJsonObject(stored, reader));
        dto.put("after", true);
        String json = mapper.writeValueAsString(dto);
        assertEquals("{\"id\":\"s-1\",\"metadata\":" + stored + ",\"after\":true}", json);
        assertEquals(mapper.readTree(stored), mapper.readTree(json).get("metadata"));
        assertEquals(mapper.readTree(stored), mapper.readTree(mapper.writeValueAsBytes(dto)).get("metadata"), "as UTF-8 bytes too");
    }

    @Test
    void readsAsTheMapItHolds() {
        RawJsonObject raw = new RawJsonObject("{\"b\": 1, \"a\": [\"x\", null]}", reader);
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("b", 1);
        expected.put("a", java.util.Arrays.asList("x", null));
        assertEquals(expected, raw);
        assertEquals(expected.hashCode(), raw.hashCode());
        assertEquals(List.of("b", "a"), List.copyOf(raw.keySet()), "in stored order");
        assertEquals(1, raw.get("b"));
        assertThrows(UnsupportedOperationException.class, () -> raw.put("c", 2));
        assertThrows(UnsupportedOperationException.class, () -> raw.entrySet().clear());
    }

    @Test
    void holdsOnlyAnObject() {
        for (String notAnObject : new String[]{null, "null", "[]", "\"text\"", " {}"}) {
            assertFalse(RawJsonObject.isObjectText(notAnObject), String.valueOf(notAnObject));
            assertThrows(IllegalArgumentException.class, () -> new RawJsonObject(notAnObject, reader), String.valueOf(notAnObject));
        }
    }
}
