package com.assessments.contract;

import com.assessments.support.Admin;
import com.assessments.support.Contract;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.config.EncoderConfig;
import io.restassured.config.RestAssuredConfig;
import io.restassured.filter.Filter;
import io.restassured.filter.FilterContext;
import io.restassured.http.ContentType;
import io.restassured.http.Method;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;
import io.restassured.specification.RequestSpecification;
import org.cornutum.tcases.openapi.resolver.MessageData;
import org.cornutum.tcases.openapi.resolver.ParamData;
import org.cornutum.tcases.openapi.resolver.ParamDef.Location;
import org.cornutum.tcases.openapi.resolver.RequestCase;
import org.cornutum.tcases.openapi.testwriter.RequestCaseUtils;
import org.cornutum.tcases.openapi.testwriter.encoder.DataValueJson;
import org.cornutum.tcases.openapi.testwriter.encoder.DataValueText;
import org.cornutum.tcases.resolve.DataValue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Sends one generated request case to the test instance, serialized the way Tcases' own test writers do (its
 * parameter encoders, JSON for JSON bodies, form or text for the other media types of failure cases), with a real
 * credential of a scheme the operation's {@code security} accepts and real ids in the path. The response goes through
 * the contract validator of {@link Contract#api()}; its complaint is recorded, not thrown.
 */
final class Replayer {

    private final ContractOperations operations;
    private final Fixtures fx;
    /** Per operation, how many cases have chosen a credential: alternatives take turns. */
    private final Map<String, Integer> turns = new HashMap<>();

    Replayer(ContractOperations operations, Fixtures fx) {
        this.operations = operations;
        this.fx = fx;
    }

    Outcome replay(int index, RequestCase rc) {
        ContractOperations.Op op = operations.find(rc.getOperation(), rc.getPath());
        String scheme = scheme(op, rc);

        // Path: a real id for every id parameter, unless this parameter is the case's invalid input.
        Map<String, String> realIds = realIds(op, rc);
        String path = rc.getPath();
        for (ParamData p : rc.getParams()) {
            if (p.getLocation() != Location.PATH) {
                continue;
            }
            String value = realIds.containsKey(p.getName()) ? realIds.get(p.getName()) : percentEncoded(RequestCaseUtils.getPathParameterValue(p, false));
            path = path.replace("{" + p.getName() + "}", value);
        }
        String sessionToken = "sessionToken".equals(scheme) ? sessionTokenFor(op, rc) : null;

        List<String> query = new ArrayList<>();
        Map<String, String> headers = new LinkedHashMap<>();
        for (ParamData p : rc.getParams()) {
            if (p.getLocation() == Location.QUERY) {
                RequestCaseUtils.getQueryParameters(p, false).forEach(e -> query.add(percentEncoded(e.getKey()) + "=" + percentEncoded(e.getValue())));
            } else if (p.getLocation() == Location.HEADER) {
                RequestCaseUtils.getHeaderParameterValue(p).ifPresent(v -> headers.put(p.getName(), v));
                String invalidInput = rc.getInvalidInput();
                if (p.getName().equals("X-Organization-Id") && headers.containsKey(p.getName())
                        && (invalidInput == null || !invalidInput.startsWith(p.getName() + "."))) {
                    headers.put(p.getName(), fx.orgId); // a real organization of the portal user, as for path ids
                }
            } else if (p.getLocation() == Location.COOKIE) {
                throw new IllegalStateException("openapi.yaml has no cookie parameters; " + op.operationId() + " got one");
            }
        }
        String uri = query.isEmpty() ? path : path + "?" + String.join("&", query);

        Map<String, String> printedHeaders = new LinkedHashMap<>();
        MessageData message = rc.getBody();
        EncoderConfig encoder = EncoderConfig.encoderConfig().appendDefaultContentCharsetToContentTypeIfUndefined(false);
        if (message != null && message.getMediaType() != null) {
            // bytes as they are, whatever the media type (RestAssured would otherwise try to encode form bodies itself)
            encoder = encoder.encodeContentTypeAs(message.getMediaType(), ContentType.TEXT);
        }
        // (RestAssured gives a POST without a body "Content-Type: application/x-www-form-urlencoded"; the service
        // ignores the Content-Type of an empty body: the bodyless resend, revoke and rotate requests get their 2xx)
        RequestSpecification spec = Contract.api()
                .urlEncodingEnabled(false)
                .config(RestAssuredConfig.config().encoderConfig(encoder));
        if (scheme != null && scheme.startsWith("portalSession")) {
            // the portal: a session cookie (a fresh session for sign-out, which ends it), with its CSRF token when the
            // operation's requirement names portalCsrf too
            Fixtures.PortalLogin login = op.operationId().equals("portalSignOut") ? fx.newPortalLogin() : fx.portal;
            spec.cookie("portal_session", login.cookie());
            printedHeaders.put("Cookie", "portal_session=<portalSession>");
            if (scheme.contains("portalCsrf")) {
                spec.header("X-CSRF-Token", login.csrf());
                printedHeaders.put("X-CSRF-Token", "<portalCsrf>");
            }
        } else if (scheme != null) {
            String credential = switch (scheme) {
                case "secretKey" -> fx.keys.secretKey();
                case "publishableKey" -> fx.keys.publishableKey();
                case "sessionToken" -> sessionToken;
                case "adminToken" -> Admin.TOKEN;
                default -> throw new IllegalStateException("unknown security scheme " + scheme + " in " + op.operationId());
            };
            spec.header("Authorization", "Bearer " + credential);
            printedHeaders.put("Authorization", "Bearer <" + scheme + ">");
            if (scheme.equals("publishableKey")) {
                spec.header("Origin", Fixtures.ORIGIN); // a browser origin the key allows
                printedHeaders.put("Origin", Fixtures.ORIGIN);
            }
        }
        headers.forEach((k, v) -> {
            spec.header(k, v);
            printedHeaders.put(k, v);
        });

        String body = null;
        if (message != null && message.getMediaType() != null) {
            body = serialize(message);
            spec.contentType(message.getMediaType()).body(body.getBytes(StandardCharsets.UTF_8));
            printedHeaders.put("Content-Type", message.getMediaType());
        }

        Capture capture = new Capture();
        spec.filter(capture);
        String contractError = null;
        String clientError = null;
        try {
            spec.request(Method.valueOf(op.method()), uri);
        } catch (RuntimeException e) {
            if (capture.response == null) {
                clientError = e.toString();
            } else {
                contractError = errorsOf(e.getMessage());
            }
        }
        Response r = capture.response;
        String lostInSerialization = lostInSerialization(op, rc);
        return new Outcome(index, op, rc, lostInSerialization == null ? !rc.isFailure() : true, lostInSerialization,
                scheme, op.method(), uri, printedHeaders, body,
                r == null ? -1 : r.statusCode(),
                r == null ? null : r.contentType(),
                r == null ? null : r.asString(),
                contractError, clientError);
    }

    /**
     * When a failure case's invalid input does not survive serialization (Tcases writes a null query parameter as the
     * text "null", which a plain string parameter accepts), the request sent is a valid one: says why, else null.
     */
    private static String lostInSerialization(ContractOperations.Op op, RequestCase rc) {
        String invalid = rc.getInvalidInput();
        if (!rc.isFailure() || rc.isAuthFailure() || invalid == null) {
            return null;
        }
        for (ParamData p : rc.getParams()) {
            if (p.getLocation() == Location.QUERY && invalid.startsWith(p.getName() + ".")) {
                // the texts sent (null as an empty value); an empty value is invalid whatever the schema (contract:
                // "invalid query or header parameter values, an empty value included")
                List<String> sent = RequestCaseUtils.getQueryParameters(p, false).stream()
                        .map(e -> e.getValue() == null ? "" : e.getValue()).toList();
                if (!sent.isEmpty() && sent.stream().allMatch(v -> !v.isEmpty() && op.queryParameterAccepts(p.getName(), v))) {
                    return "invalid input " + invalid + " is sent as " + sent + ", a value the parameter's schema accepts";
                }
            }
        }
        return null;
    }

    /**
     * Percent-encodes everything but RFC 3986 unreserved characters, as OpenAPI serializes parameter values
     * (allowReserved: false): Tcases' own URI encoding leaves "+" in query values, which servers read as a space, so a
     * date-time "...+01:00" would arrive broken. A null value (Tcases' Type=null) is sent as an empty value.
     */
    static String percentEncoded(String value) {
        if (value == null) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' || c == '~') {
                out.append(c);
            } else {
                out.append('%').append(String.format("%02X", b & 0xff));
            }
        }
        return out.toString();
    }

    /** The ERROR-level messages of the contract validator's report (the report also lists the ignored request checks). */
    private static String errorsOf(String report) {
        try {
            JsonNode root = new ObjectMapper().readTree(report);
            List<String> errors = new ArrayList<>();
            for (JsonNode m : root.path("messages")) {
                if ("ERROR".equals(m.path("level").asText())) {
                    errors.add(m.path("key").asText() + ": " + m.path("message").asText());
                }
            }
            return errors.isEmpty() ? null : String.join("; ", errors);
        } catch (Exception e) {
            return report;
        }
    }

    /** The credential scheme to use: none for auth-failure cases; the operation's alternatives in turn otherwise. */
    private String scheme(ContractOperations.Op op, RequestCase rc) {
        if (rc.isAuthFailure() || op.schemes().isEmpty()) {
            return null;
        }
        int turn = turns.merge(op.operationId(), 1, Integer::sum) - 1;
        return op.schemes().get(turn % op.schemes().size());
    }

    /** The real ids for the operation's path parameters, resources created per case where the operation changes them. */
    private Map<String, String> realIds(ContractOperations.Op op, RequestCase rc) {
        Map<String, String> ids = new LinkedHashMap<>();
        switch (op.operationId()) {
            case "getSession", "getSessionReportPdf", "getReportPdf", "getOverviewSession", "getOverviewSessionReportPdf" ->
                    ids.put("id", fx.completedSessionId);
            case "getOverviewReportPdf" -> ids.put("sessionId", fx.completedSessionId);
            case "deleteSession", "submitSession" -> ids.put("id", fx.newSession("disc")[0]);
            case "getWebhookEndpoint", "rotateWebhookSecret", "listWebhookDeliveries", "recoverWebhookDeliveries" ->
                    ids.put("id", fx.endpointId);
            case "updateWebhookEndpoint" -> ids.put("id", fx.endpointToPatchId);
            case "deleteWebhookEndpoint" -> ids.put("id", fx.createEndpoint("/hooks/deleted", List.of("session.created")));
            case "resendWebhookDelivery" -> {
                ids.put("id", fx.endpointId);
                ids.put("deliveryId", fx.deliveryId);
            }
            case "getEvent" -> ids.put("id", fx.eventId);
            // a key pair of its own per case: the test never rotates the key it calls with
            case "rotateApiKey" -> ids.put("id", fx.newSecretKeyId(fx.orgId));
            case "adminGetOrganization", "adminUpdateOrganization", "adminIssueKeyPair", "adminListKeys", "adminInviteOwner" ->
                    ids.put("orgId", fx.victimOrgId);
            case "portalRotateKey", "portalRevokeKey" -> ids.put("keyId", fx.newSecretKeyId(fx.orgId));
            case "portalRotateWebhookSecret", "portalListWebhookDeliveries", "portalRecoverWebhookDeliveries",
                 "portalSendWebhookTestEvent" ->
                    ids.put("id", fx.endpointId);
            case "portalUpdateWebhook" -> ids.put("id", fx.endpointToPatchId);
            case "portalChangeTfdConfigStatus" -> ids.put("configId", fx.newTfdConfig());
            case "portalUpdateMember", "portalRemoveMember" -> ids.put("userId", fx.newPortalMember());
            case "portalGetSession", "portalGetSessionReport" -> ids.put("id", fx.completedSessionId);
            case "portalDeleteSession" -> ids.put("id", fx.newSession("disc")[0]);
            case "portalRevokeInvitation" -> ids.put("invitationId", fx.newInvitation()[0]);
            case "portalDeleteWebhook" -> ids.put("id", fx.createEndpoint("/hooks/deleted", List.of("session.created")));
            case "portalResendWebhookDelivery" -> {
                ids.put("id", fx.endpointId);
                ids.put("deliveryId", fx.deliveryId);
            }
            case "adminRevokeKey" -> {
                ids.put("orgId", fx.victimOrgId);
                ids.put("keyId", fx.newSecretKeyId(fx.victimOrgId));
            }
            default -> {
                // no id in the path (getQuestionBank's type is an enum: Tcases' values are used as they are)
            }
        }
        String invalid = rc.getInvalidInput();
        if (invalid != null) {
            ids.keySet().removeIf(name -> invalid.startsWith(name + "."));
        }
        for (ParamData p : rc.getParams()) {
            if (p.getLocation() == Location.PATH && !ids.containsKey(p.getName()) && !isEnumOrInvalid(op, p, invalid)) {
                throw new IllegalStateException(op.operationId() + " has path parameter " + p.getName() + " without a real id");
            }
        }
        return ids;
    }

    private static boolean isEnumOrInvalid(ContractOperations.Op op, ParamData p, String invalid) {
        return (op.operationId().equals("getQuestionBank") && p.getName().equals("type"))
                || (invalid != null && invalid.startsWith(p.getName() + "."));
    }

    /** A fresh session per case (a valid submission completes it; its token has a rate window of its own). */
    private String sessionTokenFor(ContractOperations.Op op, RequestCase rc) {
        String type = "disc";
        if (op.operationId().equals("getQuestionBank")) {
            // the runner may read its own session's bank only: a session of the type the case asks for
            for (ParamData p : rc.getParams()) {
                if (p.getName().equals("type") && p.getValue() != null && Fixtures.TYPES.contains(String.valueOf(p.getValue().getValue()))) {
                    type = String.valueOf(p.getValue().getValue());
                }
            }
        }
        return fx.newSession(type)[1];
    }

    /** Bodies as Tcases' test writers serialize them: JSON, form-urlencoded, or text for other media types. */
    private static String serialize(MessageData message) {
        DataValue<?> value = message.getValue();
        String mediaType = message.getMediaType().toLowerCase(Locale.ROOT);
        if (value == null) {
            return "";
        }
        if (mediaType.startsWith("application/json") || mediaType.matches("application/[^;]*\\+json.*")) {
            return DataValueJson.toJson(value);
        }
        if (mediaType.startsWith("application/x-www-form-urlencoded")) {
            return RequestCaseUtils.formUrlEncoded(value);
        }
        return DataValueText.toText(value);
    }

    /** Keeps the response even when the contract filter around it throws. */
    private static final class Capture implements Filter {
        Response response;

        @Override
        public Response filter(FilterableRequestSpecification request, FilterableResponseSpecification response, FilterContext ctx) {
            this.response = ctx.next(request, response);
            return this.response;
        }
    }
}
