package com.assessments.common.input;

import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

import java.util.List;
import java.util.Map;

/**
 * U+0000 in a path, query or header parameter (sent as %00 in the URL). PostgreSQL cannot compare text with it,
 * so it must not reach a query. Runs after authentication (401/403 come first) and before the resource.
 * <ul>
 *   <li>A path id containing it cannot name anything: 404 with the not-found code of the collection the id is
 *       in ({@code /sessions/{id}} session_not_found, {@code /webhooks/{id}/deliveries/{deliveryId}} for the
 *       delivery id delivery_not_found, ...; the leftmost such id decides), as for any other unknown id.</li>
 *   <li>A query parameter containing it: 400 validation_error naming the parameter. The same for a header
 *       (Idempotency-Key), should one get this far: the HTTP server already answers a raw NUL byte in a header
 *       with a bare 400.</li>
 * </ul>
 * (Query parameters' formats and ranges, dates included, are checked by common/http/ParameterFilter from the contract.)
 */
public class ParameterRules {

    /** The not-found code of an id, by the path segment before it. */
    static final Map<String, ErrorCode> NOT_FOUND_BY_COLLECTION = Map.of(
            "sessions", ErrorCode.SESSION_NOT_FOUND,
            "reports", ErrorCode.SESSION_NOT_FOUND, // /reports/{id}/pdf takes a session id
            "webhooks", ErrorCode.WEBHOOK_NOT_FOUND,
            "deliveries", ErrorCode.DELIVERY_NOT_FOUND,
            "events", ErrorCode.EVENT_NOT_FOUND,
            "keys", ErrorCode.KEY_NOT_FOUND,
            "organizations", ErrorCode.ORGANIZATION_NOT_FOUND,
            "tfd-configs", ErrorCode.TFD_CONFIG_NOT_FOUND, // the portal's TFD configs, members and invitations
            "members", ErrorCode.MEMBER_NOT_FOUND,
            "invitations", ErrorCode.INVITATION_NOT_FOUND);

    @ServerRequestFilter(priority = Priorities.AUTHORIZATION)
    public void filter(ContainerRequestContext request, HttpServerRequest http) {
        // Every request passes here, and almost none has a NUL in its URI: the raw request target, as sent, settles
        // that without building the request's URI or decoding its query (once a tenth of a get's handler time)
        String target = http.uri();
        boolean nulInTarget = target.indexOf("%00") >= 0 || target.indexOf('\0') >= 0;
        if (nulInTarget) {
            nulInPath(request);
        }
        // (other path parameters are enums, {type}: their converter refuses a NUL like any unknown value)
        for (Map.Entry<String, List<String>> header : request.getHeaders().entrySet()) {
            for (String value : header.getValue()) {
                if (InputRules.hasNul(value)) {
                    throw ApiException.validation(header.getKey(), InputRules.NUL_ISSUE);
                }
            }
        }
        if (nulInTarget) {
            nulInQuery(request);
        }
    }

    private static void nulInPath(ContainerRequestContext request) {
        // The raw segments: RESTEasy's getPathSegments(true) decodes the already decoded path a second time (an id
        // like "%25Y", a literal "%Y", then fails as a partial escape sequence), and it offers no encoded form.
        String[] segments = request.getUriInfo().getRequestUri().getRawPath().split("/");
        for (int i = 1; i < segments.length; i++) {
            ErrorCode code = NOT_FOUND_BY_COLLECTION.get(segments[i - 1]);
            if (code != null && segments[i].contains("%00")) {
                throw new ApiException(code, "No such " + singular(segments[i - 1])
                        + ": the id contains the NUL character (U+0000).");
            }
        }
    }

    private static void nulInQuery(ContainerRequestContext request) {
        for (Map.Entry<String, List<String>> parameter : request.getUriInfo().getQueryParameters(true).entrySet()) {
            String name = parameter.getKey();
            if (InputRules.hasNul(name)) {
                throw ApiException.validation("query", "has a parameter name containing the NUL character (U+0000)");
            }
            for (String value : parameter.getValue()) {
                if (InputRules.hasNul(value)) {
                    throw ApiException.validation(name, InputRules.NUL_ISSUE);
                }
            }
        }
    }

    private static String singular(String collection) {
        return switch (collection) {
            case "deliveries" -> "delivery";
            case "reports" -> "session";
            default -> collection.substring(0, collection.length() - 1);
        };
    }
}
