package com.assessments.common.error;

import com.assessments.common.AppConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.LinkedHashMap;
import java.util.Map;

/** Builds the one error shape of the API: {"error":{"code","message","doc_url","details"}}. */
@ApplicationScoped
public class ErrorEnvelope {

    private final String docsBase;

    public ErrorEnvelope(AppConfig config) {
        this.docsBase = config.publicBaseUrl().replaceAll("/+$", "") + "/docs/errors#";
    }

    public Map<String, Object> body(ErrorCode code, String message, Map<String, Object> details) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code.code());
        error.put("message", message);
        error.put("doc_url", docsBase + code.code());
        error.put("details", details == null ? Map.of() : details);
        return Map.of("error", error);
    }

    public Response response(ErrorCode code, String message, Map<String, Object> details) {
        return Response.status(code.status())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(body(code, message, details))
                .build();
    }

    public Response response(ApiException e) {
        Response.ResponseBuilder builder = Response.status(e.code().status())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(body(e.code(), e.getMessage(), e.details()));
        e.headers().forEach(builder::header);
        return builder.build();
    }
}
