package com.assessments.common.error;

import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.databind.JsonMappingException;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/** Renders Jackson's location of a bad value as the API's field notation, e.g. responses[3].response. */
final class JsonPaths {

    private JsonPaths() {
    }

    static String of(List<JsonMappingException.Reference> path) {
        StringBuilder out = new StringBuilder();
        for (JsonMappingException.Reference ref : path) {
            if (ref.getFieldName() != null) {
                if (out.length() > 0) {
                    out.append('.');
                }
                out.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                out.append('[').append(ref.getIndex()).append(']');
            }
        }
        return out.toString();
    }

    /** The parser's current position as a field path: {"a": [{"b": ...}]} inside b -> a[0].b. */
    static String of(JsonStreamContext context) {
        Deque<String> parts = new ArrayDeque<>();
        for (JsonStreamContext c = context; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inObject() && c.getCurrentName() != null) {
                parts.addFirst("." + c.getCurrentName());
            } else if (c.inArray()) {
                parts.addFirst("[" + c.getCurrentIndex() + "]");
            }
        }
        String path = String.join("", parts);
        return path.startsWith(".") ? path.substring(1) : path;
    }

    /** "must be one of: a, b, c" with an enum's wire values (the generated enums write their value in toString). */
    static String oneOf(Class<?> enumType) {
        Object[] constants = enumType.getEnumConstants();
        if (constants == null || constants.length == 0) {
            return "has a value that is not one of the allowed values";
        }
        return "must be one of: " + java.util.Arrays.stream(constants).map(String::valueOf)
                .collect(java.util.stream.Collectors.joining(", "));
    }

    /** A JSON type name for a Java target type, without leaking class names. */
    static String describe(Class<?> type) {
        if (type == String.class || type.isEnum()) {
            return "a string";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "an integer";
        }
        if (Number.class.isAssignableFrom(type) || type.isPrimitive() && type != boolean.class) {
            return "a number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "a boolean";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "an array";
        }
        if (type.getName().startsWith("java.time")) {
            return "a date-time string (ISO 8601)";
        }
        if (Map.class.isAssignableFrom(type)) {
            return "an object";
        }
        return "an object";
    }
}
