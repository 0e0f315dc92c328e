package com.assessments.session.rest;

import com.assessments.api.OverviewApi;
import com.assessments.api.model.AssessmentType;
import com.assessments.api.model.CreateSessionRequest;
import com.assessments.api.model.OverviewCreateSessionRequest;
import com.assessments.api.model.OverviewProduct;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.ws.rs.core.Response;

/**
 * The overview's forms at the root /v1 (see the Overview tag in openapi.yaml): thin aliases that hand over to the
 * detailed routes' resources, so that keys, scopes, limits, errors and idempotency are theirs.
 */
public class OverviewResource implements OverviewApi {

    private final SessionsResource sessions;
    private final com.assessments.report.rest.ReportsResource reports;

    public OverviewResource(SessionsResource sessions, com.assessments.report.rest.ReportsResource reports) {
        this.sessions = sessions;
        this.reports = reports;
    }

    @Override
    public Response createOverviewSession(OverviewCreateSessionRequest request, String idempotencyKey) {
        return sessions.createSession(detailed(request), idempotencyKey);
    }

    @Override
    @RunOnVirtualThread
    public Response getOverviewSession(String id) {
        return sessions.getSession(id);
    }

    @Override
    public Response getOverviewSessionReportPdf(String id) {
        return sessions.getSessionReportPdf(id);
    }

    @Override
    public Response getOverviewReportPdf(String sessionId) {
        return reports.getReportPdf(sessionId);
    }

    /** The same request in the detailed form: an Idempotency-Key replays across both forms. */
    static CreateSessionRequest detailed(OverviewCreateSessionRequest r) {
        return new CreateSessionRequest()
                .assessmentType(assessmentType(r.getProduct()))
                .candidate(r.getCandidate())
                .locale(r.getLocale())
                .config(r.getConfig())
                .metadata(r.getMetadata())
                .redirectUrl(r.getRedirectUrl())
                .expiresIn(r.getExpiresIn());
    }

    /** The overview's product names: the assessment types, and lpmu for lpm_u. */
    static AssessmentType assessmentType(OverviewProduct product) {
        return product == OverviewProduct.LPMU ? AssessmentType.LPM_U : AssessmentType.fromValue(product.toString());
    }
}
