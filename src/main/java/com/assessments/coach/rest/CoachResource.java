package com.assessments.coach.rest;

import com.assessments.api.CoachApi;
import com.assessments.api.model.CoachMessageRequest;
import com.assessments.coach.CoachService;
import com.assessments.key.Caller;
import jakarta.ws.rs.core.Response;

public class CoachResource implements CoachApi {

    private final CoachService coach;
    private final Caller caller;

    public CoachResource(CoachService coach, Caller caller) {
        this.coach = coach;
        this.caller = caller;
    }

    @Override
    public Response createCoachMessage(CoachMessageRequest request) {
        return Response.ok(coach.send(caller.key(), request)).build();
    }
}
