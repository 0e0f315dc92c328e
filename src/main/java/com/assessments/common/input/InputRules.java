package com.assessments.common.input;

import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.Version;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.KeyDeserializer;
import com.fasterxml.jackson.databind.Module;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.type.CollectionType;

import java.io.IOException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Input rules applied while JSON is read, so that every request body gets them without a check per field, and a
 * value the database cannot store never gets past the HTTP layer (it would otherwise fail in PostgreSQL and answer
 * 500). Each refusal is a {@link InputRuleException} or Jackson's InvalidNullException at the offending value, which
 * the error mapper answers as 400 validation_error naming its path ({@code candidate.name}, {@code responses[0]}).
 * <ul>
 *   <li>No string, map key or untyped value may contain U+0000 (PostgreSQL text cannot hold it).</li>
 *   <li>Dates and date-times must lie in years 0001..9999 (UTC), inside what timestamptz stores and what ISO 8601
 *       writes without a sign.</li>
 *   <li>A JSON array read into a {@link Set} must not repeat an item: the generator maps {@code uniqueItems: true}
 *       to a Set, which would otherwise drop the repeat silently.</li>
 *   <li>Request DTOs (component schemas reachable from a request body, told by their {@code @JsonTypeName}): an
 *       explicit null only where the contract says {@code nullable: true}, no null items in lists and maps unless
 *       the items are nullable, and at least {@code minProperties} members.</li>
 * </ul>
 * The value rules are the deserializers below; the shape rules are {@link UniqueItems}, {@link MinProperties} and
 * {@link NullRules}.
 */
public final class InputRules extends Module {

    /** First instant accepted, 0001-01-01T00:00:00Z. */
    public static final Instant EARLIEST = Instant.parse("0001-01-01T00:00:00Z");
    /** First instant refused after the range, 10000-01-01T00:00:00Z. */
    public static final Instant END = Instant.parse("+10000-01-01T00:00:00Z");

    public static final String NUL_ISSUE = "must not contain the NUL character (U+0000)";
    public static final String NUL_KEY_ISSUE = "must not have a member name containing the NUL character (U+0000)";
    public static final String DATE_ISSUE = "must be a date-time in years 0001 to 9999 (UTC)";
    public static final String DATE_TYPE_ISSUE = "must be a date-time string (RFC 3339), not a number, boolean, object or array";
    public static final String DUPLICATE_ISSUE = "repeats an earlier item; the list must not contain duplicates";

    static final String MODEL_PACKAGE = "com.assessments.api.model";

    private final ContractSchemas contract;

    public InputRules(ContractSchemas contract) {
        this.contract = contract;
    }

    public static boolean hasNul(String s) {
        return s != null && s.indexOf('\u0000') >= 0;
    }

    /** Whether the instant lies in years 0001..9999 UTC. */
    public static boolean inCalendar(Instant t) {
        return !t.isBefore(EARLIEST) && t.isBefore(END);
    }

    @Override
    public String getModuleName() {
        return "assessments-input-rules";
    }

    @Override
    public Version version() {
        return Version.unknownVersion();
    }

    @Override
    public Object getTypeId() {
        return InputRules.class.getName();
    }

    @Override
    public void setupModule(SetupContext context) {
        context.addBeanDeserializerModifier(new Modifier(contract));
        context.insertAnnotationIntrospector(new NullRules(contract));
    }

    // ------------------------------------------------------------------------------------------ deserializers

    private static final class Modifier extends BeanDeserializerModifier {
        private final ContractSchemas contract;

        Modifier(ContractSchemas contract) {
            this.contract = contract;
        }

        @Override
        public JsonDeserializer<?> modifyDeserializer(DeserializationConfig config, BeanDescription beanDesc,
                                                      JsonDeserializer<?> deserializer) {
            Class<?> type = beanDesc.getBeanClass();
            if (type == String.class) {
                return new NulFreeString(deserializer);
            }
            if (type == Object.class) {
                return new NulFreeUntyped(deserializer);
            }
            if (type == Instant.class || type == OffsetDateTime.class || type == ZonedDateTime.class
                    || type == LocalDateTime.class || type == LocalDate.class) {
                return new CalendarDate(deserializer);
            }
            String schema = schemaOf(type);
            if (schema != null && contract.minProperties(schema) > 0) {
                return new MinProperties(deserializer, contract.minProperties(schema));
            }
            return deserializer;
        }

        @Override
        public JsonDeserializer<?> modifyCollectionDeserializer(DeserializationConfig config, CollectionType type,
                                                                BeanDescription beanDesc, JsonDeserializer<?> deserializer) {
            return Set.class.isAssignableFrom(type.getRawClass()) ? new UniqueItems(deserializer) : deserializer;
        }

        @Override
        public KeyDeserializer modifyKeyDeserializer(DeserializationConfig config, JavaType type, KeyDeserializer deserializer) {
            return type.getRawClass() == String.class ? new NulFreeKey(deserializer) : deserializer;
        }
    }

    /** The request schema a generated DTO class stands for, or null. */
    static String schemaOf(Class<?> type) {
        if (!type.getName().startsWith(MODEL_PACKAGE + ".")) {
            return null;
        }
        JsonTypeName name = type.getAnnotation(JsonTypeName.class);
        return name == null ? null : name.value();
    }

    private static final class NulFreeString extends DelegatingDeserializer {
        NulFreeString(JsonDeserializer<?> delegate) {
            super(delegate);
        }

        @Override
        protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> delegate) {
            return new NulFreeString(delegate);
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            Object value = super.deserialize(p, ctxt);
            if (value instanceof String s && hasNul(s)) {
                throw new InputRuleException(p, NUL_ISSUE, String.class);
            }
            return value;
        }
    }

    /** Values of type Object (metadata values): strings anywhere inside, and member names of nested objects. */
    private static final class NulFreeUntyped extends DelegatingDeserializer {
        NulFreeUntyped(JsonDeserializer<?> delegate) {
            super(delegate);
        }

        @Override
        protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> delegate) {
            return new NulFreeUntyped(delegate);
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            Object value = super.deserialize(p, ctxt);
            Deque<Object> path = new ArrayDeque<>();
            String issue = findNul(value, path);
            if (issue != null) {
                InputRuleException e = new InputRuleException(p, issue, Object.class);
                while (!path.isEmpty()) {
                    Object at = path.removeLast();
                    if (at instanceof Integer i) {
                        e.prependPath(null, i);
                    } else {
                        e.prependPath(null, (String) at);
                    }
                }
                throw e;
            }
            return value;
        }

        /** The issue of the first NUL inside value, with the path to it left in path; null when there is none. */
        private static String findNul(Object value, Deque<Object> path) {
            if (value instanceof String s) {
                return hasNul(s) ? NUL_ISSUE : null;
            }
            if (value instanceof Map<?, ?> map) {
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    if (e.getKey() instanceof String k && hasNul(k)) {
                        return NUL_KEY_ISSUE;
                    }
                    path.addLast(String.valueOf(e.getKey()));
                    String issue = findNul(e.getValue(), path);
                    if (issue != null) {
                        return issue;
                    }
                    path.removeLast();
                }
            } else if (value instanceof List<?> list) {
                for (int i = 0; i < list.size(); i++) {
                    path.addLast(i);
                    String issue = findNul(list.get(i), path);
                    if (issue != null) {
                        return issue;
                    }
                    path.removeLast();
                }
            }
            return null;
        }
    }

    private static final class NulFreeKey extends KeyDeserializer {
        private final KeyDeserializer delegate;

        NulFreeKey(KeyDeserializer delegate) {
            this.delegate = delegate;
        }

        @Override
        public Object deserializeKey(String key, DeserializationContext ctxt) throws IOException {
            if (hasNul(key)) {
                // map deserializers add no path for a key: the path ends at the map ("metadata")
                throw new InputRuleException(ctxt.getParser(), NUL_KEY_ISSUE, String.class);
            }
            return delegate == null ? key : delegate.deserializeKey(key, ctxt);
        }
    }

    private static final class CalendarDate extends DelegatingDeserializer {
        CalendarDate(JsonDeserializer<?> delegate) {
            super(delegate);
        }

        @Override
        protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> delegate) {
            return new CalendarDate(delegate);
        }

        @Override
        public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            if (!p.hasToken(JsonToken.VALUE_STRING)) {
                // java.time's readers take a number as epoch seconds; the contract's date-times are strings only
                throw new InputRuleException(p, DATE_TYPE_ISSUE, handledType());
            }
            if (hasNul(p.getText())) {
                // java.time's readers trim the text first, and String.trim() drops U+0000 as "whitespace"
                throw new InputRuleException(p, NUL_ISSUE, handledType());
            }
            Object value = super.deserialize(p, ctxt);
            if (value != null && !inCalendar(value)) {
                throw new InputRuleException(p, DATE_ISSUE, handledType());
            }
            return value;
        }

        static boolean inCalendar(Object value) {
            if (value instanceof Instant t) {
                return InputRules.inCalendar(t);
            }
            if (value instanceof OffsetDateTime t) {
                return InputRules.inCalendar(t.toInstant());
            }
            if (value instanceof ZonedDateTime t) {
                return InputRules.inCalendar(t.toInstant());
            }
            if (value instanceof LocalDateTime t) {
                return InputRules.inCalendar(t.toInstant(ZoneOffset.UTC));
            }
            if (value instanceof LocalDate d) {
                return d.getYear() >= 1 && d.getYear() <= 9999;
            }
            return true;
        }
    }
}
