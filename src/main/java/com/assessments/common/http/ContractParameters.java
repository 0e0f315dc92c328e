package com.assessments.common.http;

import com.assessments.common.error.ApiException.FieldIssue;
import com.fasterxml.jackson.databind.JsonNode;
import jakarta.enterprise.context.ApplicationScoped;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The query and header parameters each operation of openapi.yaml declares, with their schemas, and the check of a
 * request's values against them. JAX-RS would otherwise convert the values itself and report a failure without
 * saying which parameter it was (or not at all: an empty {@code ?limit=} takes the default), so
 * {@link ParameterFilter} runs this check first and names the parameter as the contract spells it. Also which
 * operations require a request body, for RequestBodyValidation.
 */
@ApplicationScoped
public class ContractParameters {

    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");
    private static final Set<String> CHECKED = Set.of("query", "header");

    /** A parameter as declared: its name, where it goes (query or header) and the constraints of its schema. */
    public record Declared(String name, String in, Schema schema) {
    }

    /** The parts of a parameter schema that constrain a single value. */
    public record Schema(String type, String format, BigDecimal minimum, BigDecimal maximum, Integer minLength,
                         Integer maxLength, Pattern pattern, List<String> allowed) {

        /** Whether "" is a value of this schema (a plain string without a minimum length, enum, format or pattern). */
        boolean acceptsEmpty() {
            return "string".equals(type) && format == null && (minLength == null || minLength == 0)
                    && (allowed == null || allowed.contains("")) && (pattern == null || pattern.matcher("").matches());
        }
    }

    private final Map<String, List<Declared>> byOperationId;
    /** The operations whose request body the contract marks required (an absent body is then 400, not null). */
    private final Set<String> bodyRequired;

    public ContractParameters() {
        this(com.assessments.common.ContractDocument.tree());
    }

    ContractParameters(JsonNode root) {
        Map<String, List<Declared>> result = new HashMap<>();
        Set<String> required = new HashSet<>();
        root.path("paths").properties().forEach(path -> {
            JsonNode shared = path.getValue().path("parameters");
            path.getValue().properties().forEach(op -> {
                if (METHODS.contains(op.getKey())) {
                    List<Declared> declared = new ArrayList<>();
                    collect(root, shared, declared);
                    collect(root, op.getValue().path("parameters"), declared);
                    result.put(op.getValue().path("operationId").asText(), List.copyOf(declared));
                    if (op.getValue().path("requestBody").path("required").asBoolean(false)) {
                        required.add(op.getValue().path("operationId").asText());
                    }
                }
            });
        });
        this.byOperationId = Map.copyOf(result);
        this.bodyRequired = Set.copyOf(required);
    }

    /** Whether the operation's request body is required (requestBody.required in the contract). */
    public boolean bodyRequired(String operationId) {
        return bodyRequired.contains(operationId);
    }

    /** The query and header parameters of an operation, in the contract's order; empty for unknown operations. */
    public List<Declared> of(String operationId) {
        return byOperationId.getOrDefault(operationId, List.of());
    }

    /**
     * Every problem with the values a request gives for the operation's declared query and header parameters, in
     * the contract's order; absent parameters are fine (none of them is required).
     *
     * @param query   the values of a query parameter by name (null when absent)
     * @param headers the values of a header by name (null when absent)
     */
    public List<FieldIssue> check(String operationId, Function<String, List<String>> query,
                                  Function<String, List<String>> headers) {
        List<FieldIssue> issues = new ArrayList<>();
        for (Declared parameter : of(operationId)) {
            List<String> values = "query".equals(parameter.in()) ? query.apply(parameter.name()) : headers.apply(parameter.name());
            if (values == null) {
                continue;
            }
            for (String value : values) {
                String issue = issue(parameter.schema(), value == null ? "" : value);
                if (issue != null) {
                    issues.add(new FieldIssue(parameter.name(), issue));
                    break; // one problem per parameter
                }
            }
        }
        return issues;
    }

    /** What is wrong with one value, worded like the body's bean-validation messages; null when nothing is. */
    static String issue(Schema s, String value) {
        if (value.isEmpty() && !s.acceptsEmpty()) {
            return "must not be empty";
        }
        if (s.allowed() != null && !s.allowed().contains(value)) {
            return "must be one of: " + String.join(", ", s.allowed());
        }
        switch (s.type() == null ? "string" : s.type()) {
            case "integer" -> {
                BigInteger n;
                try {
                    n = new BigInteger(value);
                } catch (NumberFormatException e) {
                    return "must be an integer";
                }
                BigDecimal min = s.minimum();
                BigDecimal max = s.maximum();
                if ("int32".equals(s.format()) || "int64".equals(s.format())) {
                    boolean int32 = "int32".equals(s.format());
                    BigDecimal lowest = BigDecimal.valueOf(int32 ? Integer.MIN_VALUE : Long.MIN_VALUE);
                    BigDecimal highest = BigDecimal.valueOf(int32 ? Integer.MAX_VALUE : Long.MAX_VALUE);
                    min = min == null ? lowest : min.max(lowest);
                    max = max == null ? highest : max.min(highest);
                }
                return range(new BigDecimal(n), min, max);
            }
            case "number" -> {
                try {
                    return range(new BigDecimal(value), s.minimum(), s.maximum());
                } catch (NumberFormatException e) {
                    return "must be a number";
                }
            }
            case "boolean" -> {
                return "true".equals(value) || "false".equals(value) ? null : "must be true or false";
            }
            default -> {
                if ("date-time".equals(s.format())) {
                    try {
                        if (!com.assessments.common.input.InputRules.inCalendar(OffsetDateTime.parse(value).toInstant())) {
                            return com.assessments.common.input.InputRules.DATE_ISSUE; // PostgreSQL would refuse it as a 500
                        }
                    } catch (DateTimeParseException e) {
                        return "must be a date-time (ISO 8601 with an offset, e.g. 2025-06-01T00:00:00Z)";
                    }
                } else if ("date".equals(s.format())) {
                    try {
                        LocalDate.parse(value);
                    } catch (DateTimeParseException e) {
                        return "must be a date (ISO 8601, e.g. 2025-06-01)";
                    }
                }
                int length = value.codePointCount(0, value.length());
                if (s.minLength() != null && length < s.minLength() || s.maxLength() != null && length > s.maxLength()) {
                    return "size must be between " + (s.minLength() == null ? 0 : s.minLength()) + " and "
                            + (s.maxLength() == null ? Integer.MAX_VALUE : s.maxLength());
                }
                if (s.pattern() != null && !s.pattern().matcher(value).find()) {
                    return "must match \"" + s.pattern().pattern() + "\"";
                }
                return null;
            }
        }
    }

    private static String range(BigDecimal n, BigDecimal min, BigDecimal max) {
        if (min != null && n.compareTo(min) < 0) {
            return "must be greater than or equal to " + min.toPlainString();
        }
        if (max != null && n.compareTo(max) > 0) {
            return "must be less than or equal to " + max.toPlainString();
        }
        return null;
    }

    private static void collect(JsonNode root, JsonNode parameters, List<Declared> into) {
        for (JsonNode p : parameters) {
            JsonNode parameter = resolve(root, p);
            String in = parameter.path("in").asText();
            if (CHECKED.contains(in)) {
                String name = parameter.path("name").asText();
                into.removeIf(d -> d.name().equalsIgnoreCase(name) && d.in().equals(in)); // an operation's own wins
                into.add(new Declared(name, in, schema(resolve(root, parameter.path("schema")))));
            }
        }
    }

    private static Schema schema(JsonNode s) {
        List<String> allowed = null;
        if (s.has("enum")) {
            allowed = new ArrayList<>();
            for (JsonNode value : s.get("enum")) {
                allowed.add(value.asText());
            }
            allowed = List.copyOf(allowed);
        }
        return new Schema(
                s.path("type").asText(null),
                s.path("format").asText(null),
                s.has("minimum") ? s.get("minimum").decimalValue() : null,
                s.has("maximum") ? s.get("maximum").decimalValue() : null,
                s.has("minLength") ? s.get("minLength").asInt() : null,
                s.has("maxLength") ? s.get("maxLength").asInt() : null,
                s.has("pattern") ? Pattern.compile(s.get("pattern").asText()) : null,
                allowed);
    }

    /** Follows a local $ref ('#/components/...'), repeatedly; any other node is returned as is. */
    private static JsonNode resolve(JsonNode root, JsonNode node) {
        for (int hops = 0; node.has("$ref") && hops < 10; hops++) {
            String ref = node.get("$ref").asText();
            if (!ref.startsWith("#/")) {
                throw new IllegalStateException("openapi.yaml: only local references are supported: " + ref);
            }
            node = root.at(ref.substring(1));
            if (node.isMissingNode()) {
                throw new IllegalStateException("openapi.yaml: unresolvable reference " + ref);
            }
        }
        return node;
    }
}
