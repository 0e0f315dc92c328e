package com.assessments.common.input;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * What openapi.yaml says about request bodies, for the rules checked as a body is parsed (InputRules): which members may be
 * an explicit {@code null} ({@code nullable: true}), whether a list or map may hold {@code null} items, and the least
 * number of members of an object ({@code minProperties}); and which query parameters are date-times. Only schemas
 * reachable from a request body count: response schemas are written by the service, never read from a client.
 */
public final class ContractSchemas {

    private static final String SCHEMAS = "#/components/schemas/";
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch");

    /** A member of a request schema: may it be null, and may its items (list items, map values) be null. */
    public record Member(boolean nullable, boolean nullableItems) {
    }

    private static volatile ContractSchemas instance;

    private final Map<String, Map<String, Member>> members = new HashMap<>();
    private final Map<String, Integer> minProperties = new HashMap<>();

    ContractSchemas(JsonNode root) {
        JsonNode schemas = root.path("components").path("schemas");
        for (String name : requestSchemas(root)) {
            JsonNode schema = schemas.path(name);
            if (schema.has("minProperties")) {
                minProperties.put(name, schema.get("minProperties").asInt());
            }
            Map<String, Member> props = new HashMap<>();
            schema.path("properties").properties().forEach(p -> props.put(p.getKey(), member(root, p.getValue())));
            members.put(name, props);
        }
    }

    /** The contract on the class path (contract/openapi.yaml, copied there by the build), read once. */
    public static ContractSchemas get() {
        ContractSchemas c = instance;
        if (c == null) {
            synchronized (ContractSchemas.class) {
                if (instance == null) {
                    instance = new ContractSchemas(com.assessments.common.ContractDocument.tree());
                }
                c = instance;
            }
        }
        return c;
    }

    /** The member {@code property} of the request schema {@code schema}, or null when it is not one. */
    public Member member(String schema, String property) {
        Map<String, Member> props = members.get(schema);
        return props == null ? null : props.get(property);
    }

    public boolean isRequestSchema(String schema) {
        return members.containsKey(schema);
    }

    /** The schema's minProperties, 0 when it has none (or is not a request schema). */
    public int minProperties(String schema) {
        return minProperties.getOrDefault(schema, 0);
    }

    private static Member member(JsonNode root, JsonNode property) {
        boolean nullable = property.path("nullable").asBoolean(false);
        JsonNode resolved = resolve(root, property);
        JsonNode items = resolved.has("items") ? resolved.get("items") : resolved.get("additionalProperties");
        boolean nullableItems = items != null && items.isObject() && resolve(root, items).path("nullable").asBoolean(false);
        return new Member(nullable, nullableItems);
    }

    /** The schema a $ref (or a single-$ref allOf, the OpenAPI 3.0 way to make a reference nullable) points to. */
    static JsonNode resolve(JsonNode root, JsonNode schema) {
        JsonNode s = schema;
        for (int hops = 0; hops < 20; hops++) {
            if (s.has("$ref")) {
                s = root.at(s.get("$ref").asText().substring(1));
            } else if (s.has("allOf") && s.get("allOf").size() == 1 && !s.has("properties")) {
                s = s.get("allOf").get(0);
            } else {
                return s;
            }
        }
        return s;
    }

    /** Names of the component schemas a request body can contain, directly or nested. */
    private static Set<String> requestSchemas(JsonNode root) {
        Deque<JsonNode> todo = new ArrayDeque<>();
        root.path("paths").forEach(path -> path.properties().forEach(op -> {
            if (METHODS.contains(op.getKey())) {
                op.getValue().path("requestBody").path("content").forEach(media -> todo.add(media.path("schema")));
            }
        }));
        Set<String> names = new HashSet<>();
        while (!todo.isEmpty()) {
            JsonNode s = todo.pop();
            if (s == null || !s.isObject()) {
                continue;
            }
            if (s.has("$ref")) {
                String ref = s.get("$ref").asText();
                if (ref.startsWith(SCHEMAS) && names.add(ref.substring(SCHEMAS.length()))) {
                    todo.add(root.at(ref.substring(1)));
                }
                continue;
            }
            s.path("properties").forEach(todo::add);
            todo.add(s.path("items"));
            todo.add(s.path("additionalProperties"));
            for (String combinator : new String[]{"allOf", "oneOf", "anyOf"}) {
                s.path(combinator).forEach(todo::add);
            }
        }
        return names;
    }
    /** For tests: which members of which request schemas the contract knows. */
    Map<String, Map<String, Member>> members() {
        return members;
    }
}
