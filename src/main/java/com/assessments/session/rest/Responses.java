package com.assessments.session.rest;

import com.assessments.idempotency.Idempotency;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Turns a service outcome into a response; a replay is sent byte for byte with Idempotent-Replayed: true. */
final class Responses {

    private Responses() {
    }

    static Response of(Idempotency.Outcome outcome) {
        Response.ResponseBuilder builder = Response.status(outcome.status()).type(MediaType.APPLICATION_JSON_TYPE).entity(outcome.body());
        if (outcome.replayed()) {
            builder.header(Idempotency.REPLAYED_HEADER, "true");
        }
        return builder.build();
    }
}
