package com.assessments.session.rest;

import com.assessments.api.SessionsApi;
import com.assessments.api.model.AssessmentType;
import com.assessments.api.model.CreateSessionRequest;
import com.assessments.api.model.SessionList;
import com.assessments.api.model.SessionStatus;
import com.assessments.api.model.SubmitRequest;
import com.assessments.key.Caller;
import com.assessments.report.ReportService;
import com.assessments.report.rest.ReportsResource;
import com.assessments.session.SessionMapper;
import com.assessments.session.SessionRules;
import com.assessments.session.SessionService;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.ws.rs.core.Response;

import java.time.OffsetDateTime;

/** The sessions routes: thin, everything happens in {@link SessionService}. */
public class SessionsResource implements SessionsApi {

    private final SessionService sessions;
    private final SessionMapper mapper;
    private final Caller caller;
    private final ReportService reports;

    public SessionsResource(SessionService sessions, SessionMapper mapper, Caller caller, ReportService reports) {
        this.sessions = sessions;
        this.mapper = mapper;
        this.caller = caller;
        this.reports = reports;
    }

    @Override
    public Response createSession(CreateSessionRequest request, String idempotencyKey) {
        SessionRules.checkRedirectUrl(request.getRedirectUrl());
        return Responses.of(sessions.create(caller.key(), request, idempotencyKey));
    }

    @Override
    @RunOnVirtualThread
    public Response listSessions(SessionStatus status, AssessmentType assessmentType, String candidateId,
                                 OffsetDateTime createdAfter, OffsetDateTime createdBefore, Integer limit, Integer offset) {
        var filter = new SessionService.ListFilter(status, assessmentType == null ? null : assessmentType.toString(),
                candidateId, createdAfter, createdBefore);
        var page = sessions.list(caller.key(), filter, limit, offset);
        return Response.ok(new SessionList()
                .data(page.items().stream().map(mapper::toSummary).toList())
                .total(page.total()).limit(limit).offset(offset)).build();
    }

    @Override
    @RunOnVirtualThread
    public Response getSession(String id) {
        return Response.ok(sessions.get(caller.key(), id)).build();
    }

    @Override
    public Response deleteSession(String id) {
        sessions.delete(caller.key(), id);
        return Response.noContent().build();
    }

    @Override
    public Response submitSession(String id, SubmitRequest request, String idempotencyKey) {
        return Responses.of(sessions.submit(caller.key(), id, request, idempotencyKey));
    }

    @Override
    public Response getSessionReportPdf(String id) {
        return ReportsResource.pdf(reports.pdf(caller.key(), id));
    }
}
