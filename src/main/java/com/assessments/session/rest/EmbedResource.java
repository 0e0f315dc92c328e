package com.assessments.session.rest;

import com.assessments.api.EmbedApi;
import com.assessments.api.model.EmbedProgressRequest;
import com.assessments.api.model.SubmitRequest;
import com.assessments.key.Caller;
import com.assessments.session.RunnerService;
import jakarta.ws.rs.core.Response;

/** The runner's routes, authenticated by the session token; they never expose scores. */
public class EmbedResource implements EmbedApi {

    private final RunnerService runner;
    private final Caller caller;

    public EmbedResource(RunnerService runner, Caller caller) {
        this.runner = runner;
        this.caller = caller;
    }

    @Override
    public Response getEmbedSession() {
        return Response.ok(runner.load(caller.session())).build();
    }

    @Override
    public Response saveEmbedProgress(EmbedProgressRequest request) {
        return Response.ok(runner.saveProgress(caller.session(), request.getAnswers())).build();
    }

    @Override
    public Response embedSubmit(SubmitRequest request, String idempotencyKey) {
        return Responses.of(runner.submit(caller.session(), request, idempotencyKey));
    }
}
