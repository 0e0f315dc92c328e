package com.assessments.key;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Who may call which operation, read from openapi.yaml itself: the security schemes each operation accepts
 * and the scope it needs (x-required-scope). Operation ids are also the Java method names of the generated
 * interfaces, which is how the filter finds the operation of a request. The HTTP edge, which runs before
 * JAX-RS, finds the operation by method and path template instead ({@link #operationAt}), to decide CORS.
 */
@ApplicationScoped
public class ContractSecurity {

    public static final String SECRET_KEY = "secretKey";
    public static final String PUBLISHABLE_KEY = "publishableKey";
    public static final String SESSION_TOKEN = "sessionToken";
    public static final String ADMIN_TOKEN = "adminToken";
    /** The developer portal's session cookie; with {@link #PORTAL_CSRF} on state-changing portal routes. */
    public static final String PORTAL_SESSION = "portalSession";
    public static final String PORTAL_CSRF = "portalCsrf";

    private static final String PORTAL_TAG = "Portal";
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");

    /**
     * @param schemes    accepted security schemes; empty means the operation is public
     * @param scope      the API-key scope it needs (x-required-scope), or null
     * @param portalRole the weakest portal role allowed (x-portal-role), or null: a portal route without it needs only
     *                   a session and is about no organization
     * @param portal     a developer portal route (tag Portal): same-site only, never called by browsers elsewhere
     */
    public record Requirement(Set<String> schemes, String scope, String portalRole, boolean portal) {
        public boolean isPublic() {
            return schemes.isEmpty();
        }

        public boolean accepts(String scheme) {
            return schemes.contains(scheme);
        }

        /**
         * Whether a browser on another origin may call the operation (CORS): public operations and those that
         * accept a publishable key or a session token. Secret-key-only and operator operations are server-side; portal
         * operations (public ones such as sign-in included) serve the portal's own pages only.
         */
        public boolean allowsBrowsers() {
            return !portal && (isPublic() || accepts(PUBLISHABLE_KEY) || accepts(SESSION_TOKEN));
        }
    }

    /**
     * An operation's method and path template (/api/v1/sessions/{id}) as a pattern over request paths. The template's
     * literal text before its first parameter and after its last is checked first: it rules out almost every route
     * without running its pattern (every API request is matched here, on the event loop).
     */
    private record Route(String method, String template, Pattern pattern, int literalChars, String operationId,
                         String prefix, String suffix) {

        boolean matches(String m, String path) {
            return method.equals(m) && path.startsWith(prefix) && path.endsWith(suffix) && pattern.matcher(path).matches();
        }
    }

    private static final Pattern TEMPLATE_PARAMETER = Pattern.compile("\\{[^/{}]+}");
    private static final List<String> METHOD_ORDER = List.of("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS");

    private final Map<String, Requirement> byOperationId;
    /**
     * The routes a request can match, by its method and the first three segments of its path (GET /api/v1/sessions),
     * most concrete first (see {@link #routes(JsonNode)}): every API request is matched on the event loop, and trying
     * every route was 2.3 % of a get's CPU. A template with a parameter among its first three segments
     * (/v1/sessions/{id}) can match paths of any head: it is in every list of its method, and in
     * {@link #parameterisedHeads}.
     */
    private final Map<String, List<Route>> byHead;
    /**
     * By method: the routes with a parameter among their first three segments, all a request can match when no
     * template of its method has the request's first three segments literally.
     */
    private final Map<String, List<Route>> parameterisedHeads;

    public ContractSecurity() {
        this(com.assessments.common.ContractDocument.tree());
    }

    /** The security of the given contract (a test's own, to try the route index on templates ours does not have). */
    ContractSecurity(JsonNode root) {
        this.byOperationId = requirements(root);
        List<Route> routes = routes(root);
        Map<String, List<Route>> byHead = new HashMap<>();
        Map<String, List<Route>> parameterisedHeads = new HashMap<>();
        for (Route route : routes) { // literal heads first, so each list can then take the parameterised ones in order
            if (!head(route.template()).contains("{")) {
                byHead.putIfAbsent(route.method() + " " + head(route.template()), new ArrayList<>());
            }
        }
        for (Route route : routes) {
            String head = head(route.template());
            if (head.contains("{")) {
                parameterisedHeads.computeIfAbsent(route.method(), m -> new ArrayList<>()).add(route);
                byHead.forEach((key, list) -> {
                    if (key.startsWith(route.method() + " ")) {
                        list.add(route);
                    }
                });
            } else {
                byHead.get(route.method() + " " + head).add(route);
            }
        }
        this.byHead = copyOfLists(byHead);
        this.parameterisedHeads = copyOfLists(parameterisedHeads);
    }

    public Optional<Requirement> forOperation(String operationId) {
        return Optional.ofNullable(byOperationId.get(operationId));
    }

    /**
     * The operation a request is for, matched on method and path template; the most concrete template wins
     * (/a/b over /a/{x}), as OpenAPI specifies. Empty for paths and methods the contract does not have.
     */
    public Optional<String> operationAt(String method, String path) {
        if (method == null || path == null) {
            return Optional.empty();
        }
        String m = method.toUpperCase(Locale.ROOT);
        List<Route> candidates = byHead.get(m + " " + head(path));
        for (Route route : candidates != null ? candidates : parameterisedHeads.getOrDefault(m, List.of())) {
            if (route.matches(m, path)) {
                return Optional.of(route.operationId());
            }
        }
        return Optional.empty();
    }

    /** Whether a browser on another origin may make this request (see {@link Requirement#allowsBrowsers()}). */
    public boolean browserMayCall(String method, String path) {
        return operationAt(method, path).flatMap(this::forOperation).map(Requirement::allowsBrowsers).orElse(false);
    }

    /** The methods browsers may use on this path, in a fixed order (for a CORS preflight answer). */
    public List<String> browserMethods(String path) {
        List<String> out = new ArrayList<>();
        for (String method : METHOD_ORDER) {
            if (browserMayCall(method, path)) {
                out.add(method);
            }
        }
        return out;
    }

    Map<String, Requirement> all() {
        return byOperationId;
    }
    private static List<Route> routes(JsonNode root) {
        List<Route> out = new ArrayList<>();
        root.path("paths").properties().forEach(path -> path.getValue().properties().forEach(op -> {
            if (METHODS.contains(op.getKey())) {
                String template = path.getKey();
                int firstParameter = template.indexOf('{');
                int afterLastParameter = template.lastIndexOf('}') + 1;
                out.add(new Route(op.getKey().toUpperCase(Locale.ROOT), template, pattern(template),
                        TEMPLATE_PARAMETER.matcher(template).replaceAll("").length(),
                        op.getValue().path("operationId").asText(),
                        firstParameter < 0 ? template : template.substring(0, firstParameter),
                        firstParameter < 0 ? "" : template.substring(afterLastParameter)));
            }
        }));
        out.sort(Comparator.comparingInt(Route::literalChars).reversed().thenComparing(Route::template));
        return List.copyOf(out);
    }

    /** A path's or template's first three segments: /api/v1/sessions of /api/v1/sessions/ses_1; all of /v1/sessions. */
    static String head(String path) {
        int end = 0;
        for (int segments = 0; segments < 3 && end >= 0; segments++) {
            end = path.indexOf('/', end + 1);
        }
        return end < 0 ? path : path.substring(0, end);
    }

    private static Map<String, List<Route>> copyOfLists(Map<String, List<Route>> lists) {
        Map<String, List<Route>> out = new HashMap<>();
        lists.forEach((key, list) -> out.put(key, List.copyOf(list)));
        return Map.copyOf(out);
    }

    /** /api/v1/sessions/{id}/report.pdf matches /api/v1/sessions/ses_1/report.pdf: a parameter is one non-empty segment. */
    static Pattern pattern(String template) {
        StringBuilder regex = new StringBuilder();
        Matcher parameter = TEMPLATE_PARAMETER.matcher(template);
        int at = 0;
        while (parameter.find()) {
            regex.append(Pattern.quote(template.substring(at, parameter.start()))).append("[^/]+");
            at = parameter.end();
        }
        regex.append(Pattern.quote(template.substring(at)));
        return Pattern.compile(regex.toString());
    }

    private static Map<String, Requirement> requirements(JsonNode root) {
        Set<String> defaults = schemes(root.path("security"));
        Map<String, Requirement> result = new HashMap<>();
        root.path("paths").properties().forEach(path -> path.getValue().properties().forEach(op -> {
            if (!METHODS.contains(op.getKey())) {
                return;
            }
            JsonNode operation = op.getValue();
            Set<String> schemes = operation.has("security") ? schemes(operation.get("security")) : defaults;
            String scope = operation.path("x-required-scope").asText(null);
            String portalRole = operation.path("x-portal-role").asText(null);
            boolean portal = false;
            for (JsonNode tag : operation.path("tags")) {
                portal |= PORTAL_TAG.equals(tag.asText());
            }
            result.put(operation.path("operationId").asText(), new Requirement(schemes, scope, portalRole, portal));
        }));
        return Map.copyOf(result);
    }

    /** [{secretKey: []}, {publishableKey: []}] -> {secretKey, publishableKey}; [] or [{}] -> public. */
    private static Set<String> schemes(JsonNode security) {
        Set<String> out = new LinkedHashSet<>();
        security.forEach(alternative -> alternative.fieldNames().forEachRemaining(out::add));
        return Set.copyOf(out);
    }
}
