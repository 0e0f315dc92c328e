package com.assessments.common.error;

import com.assessments.api.model.AssessmentType;
import com.assessments.common.input.InputRuleException;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import io.opentelemetry.api.trace.Span;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Turns every failure into the error envelope with the spec's status and code. Expected failures are
 * {@link ApiException}s; the rest are framework exceptions for bad input, and anything else is an
 * internal_error whose cause is logged, never sent.
 */
public class ErrorMappers {

    private static final Logger LOG = Logger.getLogger(ErrorMappers.class);
    /** How Jackson words a member name given twice (StreamReadFeature.STRICT_DUPLICATE_DETECTION). */
    private static final String DUPLICATE_FIELD = "Duplicate field '";

    private final ErrorEnvelope envelope;

    public ErrorMappers(ErrorEnvelope envelope) {
        this.envelope = envelope;
    }

    @ServerExceptionMapper
    public Response apiException(ApiException e) {
        return envelope.response(e);
    }

    @ServerExceptionMapper({JsonParseException.class})
    public Response malformedJson(JsonParseException e) {
        String duplicate = duplicateMember(e);
        if (duplicate != null) {
            return envelope.response(ApiException.validation(duplicate, "appears more than once in the object"));
        }
        // say where, not what: the offending text is the caller's own and may be long
        var at = e.getLocation();
        String where = at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")";
        return envelope.response(ApiException.validation("body", "is not valid JSON" + where));
    }

    /**
     * The field path of a member name given twice (StreamReadFeature.STRICT_DUPLICATE_DETECTION), or null when the
     * exception is about something else. Jackson has no exception type of its own for it, only the message
     * "Duplicate field 'name'"; the parser's context at that moment names the whole path.
     */
    static String duplicateMember(JsonParseException e) {
        String message = e.getOriginalMessage();
        if (message == null || !message.startsWith(DUPLICATE_FIELD)) {
            return null;
        }
        JsonParser parser = e.getProcessor();
        if (parser != null && parser.getParsingContext() != null) {
            String path = JsonPaths.of(parser.getParsingContext());
            if (!path.isEmpty()) {
                return path;
            }
        }
        int end = message.lastIndexOf('\'');
        return end > DUPLICATE_FIELD.length() ? message.substring(DUPLICATE_FIELD.length(), end) : "body";
    }

    @ServerExceptionMapper({JsonMappingException.class, MismatchedInputException.class, InvalidFormatException.class,
            ValueInstantiationException.class, UnrecognizedPropertyException.class, InvalidTypeIdException.class})
    public Response unmappableJson(JsonMappingException e) {
        if (e.getCause() instanceof JsonParseException parse) {
            // a parser failure inside a nested object, wrapped by databind with the path to that object
            return malformedJson(parse);
        }
        String field = JsonPaths.of(e.getPath());
        String issue;
        if (e instanceof InputRuleException rule) {
            issue = rule.issue();
        } else if (e instanceof InvalidNullException) {
            issue = "must not be null";
        } else if (e instanceof InvalidFormatException ife && ife.getTargetType() != null && ife.getTargetType().isEnum()) {
            issue = JsonPaths.oneOf(ife.getTargetType());
        } else if (e instanceof ValueInstantiationException vie) {
            // the generated enums' @JsonCreator throws for an unknown value
            issue = vie.getType() != null && vie.getType().isEnumType()
                    ? JsonPaths.oneOf(vie.getType().getRawClass()) : "has a value that is not one of the allowed values";
        } else if (e instanceof UnrecognizedPropertyException) {
            issue = "is not a known field";
        } else if (e instanceof MismatchedInputException mie && mie.getTargetType() != null) {
            issue = "must be " + JsonPaths.describe(mie.getTargetType());
        } else {
            issue = "could not be read";
        }
        return envelope.response(ApiException.validation(field.isEmpty() ? "body" : field, issue));
    }

    @ServerExceptionMapper
    public Response otherJson(JsonProcessingException e) {
        return envelope.response(ApiException.validation("body", "could not be read as JSON"));
    }

    @ServerExceptionMapper
    public Response webApplication(WebApplicationException e, UriInfo uri) {
        // the JSON body reader reports unreadable bodies as a 400 whose cause says what was wrong
        if (e.getCause() instanceof JsonParseException parse) {
            return malformedJson(parse);
        }
        if (e.getCause() instanceof JsonMappingException mapping) {
            return unmappableJson(mapping);
        }
        if (e.getCause() instanceof JsonProcessingException json) {
            return otherJson(json);
        }
        int status = e.getResponse() == null ? 500 : e.getResponse().getStatus();
        if (status == 404 && e.getCause() != null) {
            // JAX-RS answers 404 when a query or path parameter cannot be converted to its type: that is bad input.
            // Query parameters are checked before (ParameterFilter); {type} is the contract's one typed path parameter.
            if (uri.getPathParameters().containsKey("type")) {
                return envelope.response(ApiException.validation("type", "must be one of "
                        + Arrays.stream(AssessmentType.values()).map(AssessmentType::toString).collect(Collectors.joining(", "))));
            }
            return envelope.response(ApiException.validation("query",
                    "has a parameter whose value is not of its declared type (integer, date-time or one of the allowed values)"));
        }
        ErrorCode code = switch (status) {
            case 400 -> ErrorCode.VALIDATION_ERROR;
            case 404 -> ErrorCode.NOT_FOUND;
            case 405 -> ErrorCode.METHOD_NOT_ALLOWED;
            case 406 -> ErrorCode.NOT_ACCEPTABLE;
            case 413 -> ErrorCode.PAYLOAD_TOO_LARGE;
            case 415 -> ErrorCode.UNSUPPORTED_MEDIA_TYPE;
            default -> null;
        };
        if (code == null) {
            return unexpected(e);
        }
        if (code == ErrorCode.VALIDATION_ERROR) {
            // e.g. a query or path parameter that cannot be converted to its declared type
            return envelope.response(ApiException.validation("request", "is malformed: " + safe(e.getMessage())));
        }
        Response response = envelope.response(code, messageFor(code), Map.of());
        if (e instanceof NotAllowedException && e.getResponse().getHeaderString(HttpHeaders.ALLOW) != null) {
            return Response.fromResponse(response).header(HttpHeaders.ALLOW, e.getResponse().getHeaderString(HttpHeaders.ALLOW)).build();
        }
        return response;
    }

    @ServerExceptionMapper
    public Response unexpected(Throwable e) {
        if (DatabaseOutage.causedBy(e)) {
            return DatabaseOutage.response(envelope, e); // 503 service_unavailable with Retry-After
        }
        LOG.error("unexpected error while handling a request", e);
        Span.current().recordException(e); // on the request's span (RequestSpans)
        return envelope.response(ErrorCode.INTERNAL_ERROR, "An unexpected error occurred. Retry with backoff.", Map.of());
    }

    static String messageFor(ErrorCode code) {
        return switch (code) {
            case NOT_FOUND -> "No such route. See /q/openapi for the routes of this API.";
            case METHOD_NOT_ALLOWED -> "This route does not take that HTTP method.";
            case NOT_ACCEPTABLE -> "This route cannot produce the representation the Accept header asks for.";
            case UNSUPPORTED_MEDIA_TYPE -> "Send the request body as application/json.";
            case PAYLOAD_TOO_LARGE -> "The request body is too large.";
            default -> code.description();
        };
    }

    private static String safe(String message) {
        if (message == null) {
            return "unreadable";
        }
        // never echo class names or stack details
        return message.replaceAll("[a-z]+(\\.[a-zA-Z_$][\\w$]*){2,}", "value").replaceAll("\\s+", " ");
    }
}
