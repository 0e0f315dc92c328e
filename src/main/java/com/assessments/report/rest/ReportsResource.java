package com.assessments.report.rest;

import com.assessments.api.ReportsApi;
import com.assessments.key.Caller;
import com.assessments.report.ReportService;
import jakarta.ws.rs.core.Response;

/** GET /api/v1/reports/{id}/pdf; GET /api/v1/sessions/{id}/report.pdf serves the same through {@link #pdf}. */
public class ReportsResource implements ReportsApi {

    private final ReportService reports;
    private final Caller caller;

    public ReportsResource(ReportService reports, Caller caller) {
        this.reports = reports;
        this.caller = caller;
    }

    @Override
    public Response getReportPdf(String id) {
        return pdf(reports.pdf(caller.key(), id));
    }

    public static Response pdf(ReportService.Report report) {
        return Response.ok(report.pdf(), "application/pdf")
                .header("Content-Disposition", "inline; filename=\"" + report.fileName() + "\"")
                .header("Cache-Control", "private, no-store")
                .build();
    }
}
