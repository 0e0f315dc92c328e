package com.assessments.contract;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The operations of openapi.yaml by method and path template, with the credentials each accepts (its `security`). */
final class ContractOperations {

    /**
     * One operation; {@code schemes} lists the security alternatives in contract order (empty: no credential);
     * {@code queryParameters} the schemas of its query parameters by name.
     */
    record Op(String operationId, String method, String path, List<String> schemes, Map<String, Schema<?>> queryParameters) {

        /** True when the query parameter's schema accepts the given text as its value. */
        boolean queryParameterAccepts(String name, String text) {
            Schema<?> schema = queryParameters.get(name);
            return schema != null
                    && "string".equals(schema.getType())
                    && schema.getEnum() == null
                    && schema.getFormat() == null
                    && (schema.getPattern() == null || java.util.regex.Pattern.compile(schema.getPattern()).matcher(text).find())
                    && (schema.getMinLength() == null || schema.getMinLength() <= text.length())
                    && (schema.getMaxLength() == null || schema.getMaxLength() >= text.length());
        }
    }

    private final Map<String, Op> byMethodAndPath = new HashMap<>();

    ContractOperations(Path spec) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        options.setResolveFully(true);
        OpenAPI api = new OpenAPIV3Parser().read(spec.toString(), null, options);
        if (api == null) {
            throw new IllegalStateException("cannot read " + spec);
        }
        api.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
            Map<String, Schema<?>> query = new HashMap<>();
            List<Parameter> parameters = new ArrayList<>();
            if (item.getParameters() != null) {
                parameters.addAll(item.getParameters());
            }
            if (operation.getParameters() != null) {
                parameters.addAll(operation.getParameters());
            }
            parameters.stream().filter(p -> "query".equals(p.getIn())).forEach(p -> query.put(p.getName(), p.getSchema()));
            Op op = new Op(operation.getOperationId(), method.name(), path, schemes(api, operation), Map.copyOf(query));
            byMethodAndPath.put(key(method.name(), path), op);
        }));
    }

    private static List<String> schemes(OpenAPI api, Operation operation) {
        List<SecurityRequirement> requirements = operation.getSecurity() != null ? operation.getSecurity() : api.getSecurity();
        List<String> schemes = new ArrayList<>();
        if (requirements != null) {
            for (SecurityRequirement requirement : requirements) {
                if (requirement.size() > 1) {
                    // one credential made of several schemes: the portal cookie with its CSRF header
                    schemes.add(String.join("+", requirement.keySet()));
                    continue;
                }
                schemes.addAll(requirement.keySet()); // an empty requirement ({}) adds nothing: no credential needed
            }
        }
        return List.copyOf(schemes);
    }

    Op find(String method, String path) {
        Op op = byMethodAndPath.get(key(method, path));
        if (op == null) {
            throw new IllegalStateException("Tcases generated a case for " + method + " " + path + ", which openapi.yaml does not define");
        }
        return op;
    }

    int size() {
        return byMethodAndPath.size();
    }

    private static String key(String method, String path) {
        return method.toUpperCase(Locale.ROOT) + " " + path;
    }
}
