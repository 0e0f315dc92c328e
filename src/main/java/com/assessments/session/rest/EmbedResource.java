package com.assessments.session.rest;

import com.assessments.api.EmbedApi;
import com.assessments.api.model.EmbedProgressRequest;
import com.assessments.api.model.SubmitRequest;
import com.assessments.key.Caller;
import com.assessments.session.SessionService;
import jakarta.ws.rs.core.Response;

/** The runner's routes, authenticated by the session token; they never expose scores. */
public class EmbedResource implements EmbedApi {

    private final SessionService sessions;
    private final Caller caller;

    public EmbedResource(SessionService sessions, Caller caller) {
        this.sessions = sessions;
        this.caller = caller;
    }

    @Override
    public Response getEmbedSession() {
        return Response.ok(sessions.loadForRunner(caller.session())).build();
    }

    @Override
    public Response saveEmbedProgress(EmbedProgressRequest request) {
        return Response.ok(sessions.saveProgress(caller.session(), request.getAnswers())).build();
    }

    @Override
    public Response embedSubmit(SubmitRequest request, String idempotencyKey) {
        return Responses.of(sessions.embedSubmit(caller.session(), request, idempotencyKey));
    }
}
