package com.assessments.report;

import com.assessments.catalogue.AssessmentCatalogue;
import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import com.assessments.jobs.JobRuns;
import com.assessments.key.Caller;
import com.assessments.observability.Spans;
import com.assessments.org.Organization;
import com.assessments.session.Session;
import com.assessments.session.SessionLifecycle;
import com.assessments.session.SessionMapper;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * A completed session's PDF report: rendered once, stored, announced once with report.generated. The report
 * job renders new ones in the background (safe on many replicas: it claims sessions with SKIP LOCKED); a
 * request that comes first renders it on the spot. Either way the session row is locked while rendering, so
 * a report is never stored or announced twice. The sessions themselves are found and marked through the session
 * package (report.generated is its event).
 */
@ApplicationScoped
public class ReportService {

    public static final String JOB = "reports";
    static final int BATCH = 20;

    private final ReportStore store;
    private final SessionLifecycle lifecycle;
    private final SessionMapper sessions;
    private final Clock clock;
    private final JobRuns runs;
    private final Spans spans;

    public ReportService(ReportStore store, SessionLifecycle lifecycle, SessionMapper sessions, Clock clock, JobRuns runs,
                         Spans spans) {
        this.spans = spans;
        this.store = store;
        this.lifecycle = lifecycle;
        this.sessions = sessions;
        this.clock = clock;
        this.runs = runs;
    }

    /** The report of one of the caller's sessions: 404 when not theirs or deleted, 400 when not completed. */
    @Transactional
    public Report pdf(Caller.KeyPrincipal key, String sessionId) {
        Session s = Session.lockOwned(sessionId, key.organizationId(), key.environment())
                .orElseThrow(() -> new ApiException(ErrorCode.SESSION_NOT_FOUND, "No session " + sessionId + " in this organization and environment."));
        if (!SessionLifecycle.COMPLETED.equals(s.status)) {
            throw new ApiException(ErrorCode.SESSION_NOT_COMPLETED, "Session " + sessionId + " is " + s.status
                    + "; reports exist for completed sessions only.");
        }
        return new Report(s.id, s.assessmentType, ensure(s));
    }

    public record Report(String sessionId, String assessmentType, byte[] pdf) {
        public String fileName() {
            return "assessment-report-" + assessmentType + "-" + sessionId + ".pdf";
        }
    }

    @Scheduled(identity = JOB, every = "${assessments.reports.every}", concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    public void run() {
        runs.runInBatches(JOB, clock.instant(), BATCH, this::renderBatch);
    }

    @Transactional
    int renderBatch(Instant now) {
        List<Session> due = Session.lockReportsDue(BATCH);
        due.forEach(this::ensure);
        return due.size();
    }

    /** Right to forget: the session's stored report goes (in the caller's transaction). */
    @Transactional(Transactional.TxType.MANDATORY)
    public void forget(String sessionId) {
        store.forget(sessionId);
    }

    /** With the session row locked by the caller: the stored report, or a new one stored and announced. */
    private byte[] ensure(Session s) {
        var stored = store.get(s.id);
        if (stored.isPresent()) {
            return stored.get();
        }
        byte[] pdf = spans.call("report render", "assessment.type", s.assessmentType, () -> ReportRenderer.render(data(s)));
        if (store.put(s.id, pdf)) {
            lifecycle.reportGenerated(s);
        }
        return pdf;
    }

    private ReportData data(Session s) {
        Organization org = Organization.findById(s.organizationId);
        String language = com.assessments.i18n.Locales.textLanguage(s.locale); // the report speaks the session's language
        return new ReportData(s.id, s.assessmentType, AssessmentCatalogue.name(s.assessmentType, language),
                s.candidateName != null ? s.candidateName : s.candidateExternalId,
                org == null ? null : org.name, s.completedAt, s.isTest(), sessions.results(s), language);
    }
}
