package com.assessments.key;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Who may call which operation, read from openapi.yaml itself: the security schemes each operation accepts
 * and the scope it needs (x-required-scope). Operation ids are also the Java method names of the generated
 * interfaces, which is how the filter finds the operation of a request.
 */
@ApplicationScoped
public class ContractSecurity {

    public static final String SECRET_KEY = "secretKey";
    public static final String PUBLISHABLE_KEY = "publishableKey";
    public static final String SESSION_TOKEN = "sessionToken";
    public static final String ADMIN_TOKEN = "adminToken";

    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");

    /** @param schemes accepted security schemes; empty means the operation is public */
    public record Requirement(Set<String> schemes, String scope) {
        public boolean isPublic() {
            return schemes.isEmpty();
        }

        public boolean accepts(String scheme) {
            return schemes.contains(scheme);
        }
    }

    private final Map<String, Requirement> byOperationId;

    public ContractSecurity() {
        this.byOperationId = load();
    }

    public Optional<Requirement> forOperation(String operationId) {
        return Optional.ofNullable(byOperationId.get(operationId));
    }

    Map<String, Requirement> all() {
        return byOperationId;
    }

    private static Map<String, Requirement> load() {
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream("META-INF/openapi.yaml")) {
            if (in == null) {
                throw new IllegalStateException("META-INF/openapi.yaml is missing from the class path");
            }
            JsonNode root = new ObjectMapper(new YAMLFactory()).readTree(in);
            Set<String> defaults = schemes(root.path("security"));
            Map<String, Requirement> result = new HashMap<>();
            root.path("paths").properties().forEach(path -> path.getValue().properties().forEach(op -> {
                if (!METHODS.contains(op.getKey())) {
                    return;
                }
                JsonNode operation = op.getValue();
                Set<String> schemes = operation.has("security") ? schemes(operation.get("security")) : defaults;
                String scope = operation.path("x-required-scope").asText(null);
                result.put(operation.path("operationId").asText(), new Requirement(schemes, scope));
            }));
            return Map.copyOf(result);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read openapi.yaml", e);
        }
    }

    /** [{secretKey: []}, {publishableKey: []}] -> {secretKey, publishableKey}; [] or [{}] -> public. */
    private static Set<String> schemes(JsonNode security) {
        Set<String> out = new LinkedHashSet<>();
        security.forEach(alternative -> alternative.fieldNames().forEachRemaining(out::add));
        return Set.copyOf(out);
    }
}
