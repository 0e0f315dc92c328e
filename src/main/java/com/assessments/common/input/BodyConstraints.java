package com.assessments.common.input;

import com.assessments.common.ContractDocument;
import com.assessments.common.error.ApiException.FieldIssue;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The constraints openapi.yaml puts on the values of a request body, checked on a body as read: required members,
 * string lengths and patterns, list and map sizes, number ranges, through every object, list item and map value the
 * body holds, read through the model's getters (nothing copied: a free-form member such as {@code metadata} is only
 * counted). Each issue is named by its path ({@code candidate.email}, {@code responses[3].response}, a map's value
 * as {@code licenses.disc}, a set's items, which have no position, as {@code allowedOrigins[]}) and worded as Hibernate
 * Validator worded it when it checked the annotations the generator derived from these same schemas (until session
 * 22): clients see the same messages. Built from the contract in one pass over its request schemas, not from each
 * model class's annotations at every start (Hibernate Validator's metadata was 0.1 s of a restart).
 *
 * <p>Checked as the body is parsed instead ({@link InputRules}, {@code StrictJson}): types, enum values, unknown
 * members, explicit nulls, NUL characters, dates, uniqueItems, an object's minProperties. A request schema with a
 * keyword this class does not know (oneOf, exclusiveMinimum, multipleOf, ...) stops the service at start rather
 * than going unchecked.
 */
@Singleton
public class BodyConstraints {

    private static final String SCHEMAS = "#/components/schemas/";
    /** What a request schema may say: checked here, as the body is parsed, or nothing to check. */
    private static final Set<String> KNOWN = Set.of("type", "format", "description", "title", "example", "default",
            "enum", "nullable", "readOnly", "deprecated", "$ref", "allOf", "properties", "required",
            "additionalProperties", "minProperties", "maxProperties", "items", "minItems", "maxItems", "uniqueItems",
            "minLength", "maxLength", "pattern", "minimum", "maximum");

    private final ObjectMapper mapper;
    private final JsonNode contract;
    /** Each request schema's rule, by the schema's name; null where it constrains nothing. */
    private final Map<String, Rule> rules = new HashMap<>();
    private final Set<String> compiling = new HashSet<>();
    /** The JSON members of each generated model class, by name, and the getter that reads each one. */
    private final ClassValue<Map<String, AnnotatedMember>> getters = new ClassValue<>() {
        @Override
        protected Map<String, AnnotatedMember> computeValue(Class<?> type) {
            Map<String, AnnotatedMember> byName = new HashMap<>();
            if (type.isAnnotationPresent(JsonTypeName.class)) { // a generated model
                for (BeanPropertyDefinition p : mapper.getSerializationConfig().introspect(mapper.constructType(type))
                        .findProperties()) {
                    AnnotatedMember getter = p.getAccessor();
                    if (getter != null) {
                        getter.fixAccess(true); // a field, where a model has no getter for a member
                        byName.put(p.getName(), getter);
                    }
                }
            }
            return byName;
        }
    };

    @Inject
    public BodyConstraints(ObjectMapper mapper) {
        this(ContractDocument.tree(), ContractSchemas.get(), mapper);
    }

    BodyConstraints(JsonNode contract, ObjectMapper mapper) {
        this(contract, new ContractSchemas(contract), mapper);
    }

    private BodyConstraints(JsonNode contract, ContractSchemas schemas, ObjectMapper mapper) {
        this.mapper = mapper;
        this.contract = contract;
        contract.path("components").path("schemas").fieldNames().forEachRemaining(name -> {
            if (schemas.isRequestSchema(name)) {
                named(name);
            }
        });
    }

    /** What the body breaks of its schema's constraints, sorted by field; empty when it keeps them all. */
    public List<FieldIssue> check(Object body) {
        String schema = InputRules.schemaOf(body.getClass());
        Rule rule = schema == null ? null : rules.get(schema);
        return rule == null ? List.of() : check(rule, body);
    }

    /** For tests: what a body, as JSON, breaks of the named request schema's constraints, sorted by field. */
    List<FieldIssue> check(String schema, JsonNode body) {
        Rule rule = rules.get(schema);
        return rule == null ? List.of() : check(rule, mapper.convertValue(body, Object.class)); // maps and lists
    }

    private List<FieldIssue> check(Rule rule, Object body) {
        Walk walk = new Walk();
        rule.check(body, "", walk);
        walk.issues.sort(Comparator.comparing(FieldIssue::field));
        return walk.issues;
    }

    /** One body's check: the issues found, and how a member of an object is read. */
    private final class Walk {
        final List<FieldIssue> issues = new ArrayList<>();

        /** Whether {@code value} is a JSON object with members: a generated model, or a map where the body was read as one. */
        boolean isObject(Object value) {
            return value instanceof Map || !getters.get(value.getClass()).isEmpty();
        }

        Object member(Object object, String name) {
            if (object instanceof Map<?, ?> map) {
                return map.get(name);
            }
            AnnotatedMember getter = getters.get(object.getClass()).get(name);
            return getter == null ? null : getter.getValue(object);
        }

        void add(String path, String issue) {
            issues.add(new FieldIssue(path.isEmpty() ? "request" : path, issue)); // "": the body itself
        }
    }

    /** For tests: each constrained place of each request schema, with its constraints, in a stable order. */
    Map<String, String> describe() {
        Map<String, String> out = new TreeMap<>();
        rules.forEach((name, rule) -> {
            if (rule != null) {
                rule.describe(name, out);
            }
        });
        return out;
    }

    /**
     * A component schema's rule, compiled once; null when it constrains nothing (an enum's, say). A reference back to
     * a schema still being compiled (a cycle) is looked up by name when checked.
     */
    private Rule named(String name) {
        if (compiling.contains(name)) {
            return new Ref(name);
        }
        if (!rules.containsKey(name)) {
            compiling.add(name);
            rules.put(name, compile(contract.path("components").path("schemas").path(name)));
            compiling.remove(name);
        }
        return rules.get(name) == null ? null : new Ref(name);
    }

    private Rule compile(JsonNode schema) {
        if (schema == null || !schema.isObject()) {
            return null;
        }
        refuseUnknown(schema);
        if (schema.has("$ref")) {
            String ref = schema.get("$ref").asText();
            if (!ref.startsWith(SCHEMAS)) {
                throw new IllegalStateException("a request schema refers to " + ref + ", outside " + SCHEMAS);
            }
            return named(ref.substring(SCHEMAS.length()));
        }
        List<Rule> all = new ArrayList<>();
        for (JsonNode part : schema.path("allOf")) {
            add(all, compile(part));
        }
        String type = schema.path("type").asText("");
        if (schema.has("properties")) {
            add(all, object(schema));
        } else if (type.equals("object") || schema.has("additionalProperties")) {
            add(all, map(schema));
        }
        if (type.equals("array") || schema.has("items")) {
            add(all, array(schema));
        }
        if (type.equals("string") || schema.has("pattern") || schema.has("minLength") || schema.has("maxLength")) {
            add(all, text(schema));
        }
        if (type.equals("integer") || type.equals("number") || schema.has("minimum") || schema.has("maximum")) {
            add(all, number(schema));
        }
        return all.isEmpty() ? null : all.size() == 1 ? all.get(0) : new All(all);
    }

    /** A keyword this class does not check, or checks only where it is, would go unchecked: refused at start. */
    private static void refuseUnknown(JsonNode schema) {
        for (String keyword : (Iterable<String>) schema::fieldNames) {
            if (!KNOWN.contains(keyword) && !keyword.startsWith("x-")) {
                throw new IllegalStateException("a request schema uses '" + keyword + "', which BodyConstraints does not check: "
                        + schema.toString().substring(0, Math.min(200, schema.toString().length())));
            }
        }
        boolean members = schema.has("properties");
        if ((members && (schema.has("maxProperties") || schema.path("additionalProperties").isObject()))
                || (!members && schema.has("required"))) {
            throw new IllegalStateException("a request schema combines members with maxProperties, a schema for other "
                    + "members, or lists required members without properties, which BodyConstraints does not check: "
                    + schema.toString().substring(0, Math.min(200, schema.toString().length())));
        }
    }

    private static void add(List<Rule> rules, Rule rule) {
        if (rule != null) {
            rules.add(rule);
        }
    }

    private Rule object(JsonNode schema) {
        List<Member> members = new ArrayList<>();
        List<String> required = new ArrayList<>();
        schema.path("required").forEach(r -> required.add(r.asText()));
        schema.path("properties").properties().forEach(p -> {
            Rule value = compile(p.getValue());
            // a read-only member is the service's to fill: never required of a client
            boolean isRequired = required.contains(p.getKey()) && !p.getValue().path("readOnly").asBoolean(false);
            if (value != null || isRequired) {
                members.add(new Member(p.getKey(), isRequired, value));
            }
        });
        return members.isEmpty() ? null : new ObjectRule(members);
    }

    private Rule map(JsonNode schema) {
        JsonNode values = schema.get("additionalProperties");
        Rule value = values != null && values.isObject() ? compile(values) : null;
        Size size = Size.of(schema, "minProperties", "maxProperties");
        return value == null && size == null ? null : new ContainerRule(true, size, value, false);
    }

    private Rule array(JsonNode schema) {
        Rule item = compile(schema.get("items"));
        Size size = Size.of(schema, "minItems", "maxItems");
        boolean set = schema.path("uniqueItems").asBoolean(false); // read into a Set: its items have no position
        return item == null && size == null ? null : new ContainerRule(false, size, item, set);
    }

    private static Rule text(JsonNode schema) {
        Size size = Size.of(schema, "minLength", "maxLength");
        String regexp = schema.path("pattern").asText(null);
        return size == null && regexp == null ? null
                : new TextRule(size, regexp, regexp == null ? null : Pattern.compile(regexp));
    }

    private static Rule number(JsonNode schema) {
        BigDecimal min = schema.has("minimum") ? schema.get("minimum").decimalValue() : null;
        BigDecimal max = schema.has("maximum") ? schema.get("maximum").decimalValue() : null;
        return min == null && max == null ? null : new NumberRule(min, max);
    }

    private static BigDecimal decimal(Number n) {
        return switch (n) {
            case BigDecimal d -> d;
            case BigInteger i -> new BigDecimal(i);
            case Double d -> BigDecimal.valueOf(d);
            case Float f -> BigDecimal.valueOf(f.doubleValue());
            default -> BigDecimal.valueOf(n.longValue()); // Integer, Long, Short, Byte
        };
    }

    private static String member(String path, String name) {
        return path.isEmpty() ? name : path + "." + name;
    }

    private interface Rule {
        /** Adds the issues of {@code value} (never null: absence is its container's business). */
        void check(Object value, String path, Walk walk);

        void describe(String path, Map<String, String> out);
    }

    /** A reference to a component schema: its rule, looked up when checked. */
    private final class Ref implements Rule {
        private final String name;

        Ref(String name) {
            this.name = name;
        }

        @Override
        public void check(Object value, String path, Walk walk) {
            Rule rule = rules.get(name);
            if (rule != null) {
                rule.check(value, path, walk);
            }
        }

        @Override
        public void describe(String path, Map<String, String> out) {
            out.merge(path, "see " + name, (a, b) -> a + "; " + b);
        }
    }

    private record All(List<Rule> rules) implements Rule {
        @Override
        public void check(Object value, String path, Walk walk) {
            for (Rule rule : rules) {
                rule.check(value, path, walk);
            }
        }

        @Override
        public void describe(String path, Map<String, String> out) {
            rules.forEach(r -> r.describe(path, out));
        }
    }

    private record Member(String name, boolean required, Rule value) {
    }

    private record ObjectRule(List<Member> members) implements Rule {
        @Override
        public void check(Object value, String path, Walk walk) {
            if (!walk.isObject(value)) {
                return;
            }
            for (Member m : members) {
                Object v = walk.member(value, m.name);
                if (v == null) {
                    if (m.required) {
                        walk.add(member(path, m.name), "must not be null");
                    }
                } else if (m.value != null) {
                    m.value.check(v, member(path, m.name), walk);
                }
            }
        }

        @Override
        public void describe(String path, Map<String, String> out) {
            for (Member m : members) {
                if (m.required) {
                    out.merge(member(path, m.name), "required", (a, b) -> a + "; " + b);
                }
                if (m.value != null) {
                    m.value.describe(member(path, m.name), out);
                }
            }
        }
    }

    /** A map (a JSON object of any members) or a list: its size, and each value's or item's own rule. */
    private record ContainerRule(boolean map, Size size, Rule element, boolean positionless) implements Rule {
        @Override
        public void check(Object value, String path, Walk walk) {
            if (map ? !(value instanceof Map) : !(value instanceof Collection)) {
                return;
            }
            if (map) {
                Map<?, ?> members = (Map<?, ?>) value;
                if (size != null) {
                    size.check(members.size(), path, walk);
                }
                if (element != null) {
                    members.forEach((key, v) -> {
                        if (v != null) {
                            element.check(v, member(path, String.valueOf(key)), walk); // as OrganizationService names them
                        }
                    });
                }
                return;
            }
            Collection<?> items = (Collection<?>) value;
            if (size != null) {
                size.check(items.size(), path, walk);
            }
            if (element != null) {
                int i = 0;
                for (Object v : items) {
                    if (v != null) {
                        element.check(v, path + "[" + (positionless ? "" : String.valueOf(i)) + "]", walk);
                    }
                    i++;
                }
            }
        }

        @Override
        public void describe(String path, Map<String, String> out) {
            if (size != null) {
                size.describe(path, out);
            }
            if (element != null) {
                element.describe(path + (map ? ".*" : "[]"), out);
            }
        }
    }

    private record TextRule(Size size, String regexp, Pattern pattern) implements Rule {
        @Override
        public void check(Object value, String path, Walk walk) {
            // as the client sent it: the generated enums write their wire value in toString, and so do URI and UUID
            String s = value instanceof CharSequence || value instanceof Enum || value instanceof URI || value instanceof UUID
                    ? value.toString() : null;
            if (s == null) {
                return;
            }
            if (size != null) {
                size.check(s.codePointCount(0, s.length()), path, walk); // JSON Schema counts characters
            }
            // the whole value, as Hibernate Validator's @Pattern did (JSON Schema searches; every request pattern is anchored)
            if (pattern != null && !pattern.matcher(s).matches()) {
                walk.add(path, "must match \"" + regexp + "\"");
            }
        }

        @Override
        public void describe(String path, Map<String, String> out) {
            if (size != null) {
                size.describe(path, out);
            }
            if (regexp != null) {
                out.merge(path, "pattern " + regexp, (a, b) -> a + "; " + b);
            }
        }
    }

    private record NumberRule(BigDecimal min, BigDecimal max) implements Rule {
        @Override
        public void check(Object value, String path, Walk walk) {
            if (!(value instanceof Number number) || (number instanceof Double d && !Double.isFinite(d))
                    || (number instanceof Float f && !Float.isFinite(f))) {
                return; // NaN and the infinities have no decimal (no constrained request member is a floating-point number)
            }
            BigDecimal n = decimal(number);
            if (min != null && n.compareTo(min) < 0) {
                walk.add(path, "must be greater than or equal to " + min.toPlainString());
            }
            if (max != null && n.compareTo(max) > 0) {
                walk.add(path, "must be less than or equal to " + max.toPlainString());
            }
        }

        @Override
        public void describe(String path, Map<String, String> out) {
            out.merge(path, "range " + (min == null ? "" : min.toPlainString()) + ".."
                    + (max == null ? "" : max.toPlainString()), (a, b) -> a + "; " + b);
        }
    }

    /** A least and a most count (characters, items or members), with Hibernate Validator's {@code @Size} wording. */
    private record Size(int min, int max) {
        static Size of(JsonNode schema, String least, String most) {
            if (!schema.has(least) && !schema.has(most)) {
                return null;
            }
            return new Size(schema.path(least).asInt(0), schema.has(most) ? schema.get(most).asInt() : Integer.MAX_VALUE);
        }

        void check(int count, String path, Walk walk) {
            if (count < min || count > max) {
                walk.add(path, "size must be between " + min + " and " + max);
            }
        }

        void describe(String path, Map<String, String> out) {
            out.merge(path, "size " + min + ".." + max, (a, b) -> a + "; " + b);
        }
    }
}
