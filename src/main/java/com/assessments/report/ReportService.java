package com.assessments.report;

import com.assessments.catalogue.AssessmentCatalogue;
import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import com.assessments.events.EventRecorder;
import com.assessments.jobs.JobRuns;
import com.assessments.key.Caller;
import com.assessments.org.Organization;
import com.assessments.session.Session;
import com.assessments.session.SessionLifecycle;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * A completed session's PDF report: rendered once, stored, announced once with report.generated. The report
 * job renders new ones in the background (safe on many replicas: it claims sessions with SKIP LOCKED); a
 * request that comes first renders it on the spot. Either way the session row is locked while rendering, so
 * a report is never stored or announced twice.
 */
@ApplicationScoped
public class ReportService {

    public static final String JOB = "reports";
    static final int BATCH = 20;

    private final EntityManager em;
    private final ReportStore store;
    private final EventRecorder events;
    private final ObjectMapper mapper;
    private final Clock clock;
    private final JobRuns runs;

    public ReportService(EntityManager em, ReportStore store, EventRecorder events, ObjectMapper mapper, Clock clock, JobRuns runs) {
        this.em = em;
        this.store = store;
        this.events = events;
        this.mapper = mapper;
        this.clock = clock;
        this.runs = runs;
    }

    /** The report of one of the caller's sessions: 404 when not theirs or deleted, 400 when not completed. */
    @Transactional
    public Report pdf(Caller.KeyPrincipal key, String sessionId) {
        Session s = Session.<Session>find("id = ?1 and organizationId = ?2 and environment = ?3 and deletedAt is null",
                        sessionId, key.organizationId(), key.environment())
                .withLock(LockModeType.PESSIMISTIC_WRITE).firstResultOptional()
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
        @SuppressWarnings("unchecked")
        List<String> ids = em.createNativeQuery("""
                        select id from sessions
                        where status = 'completed' and report_generated_at is null and deleted_at is null
                        order by completed_at limit ?1 for update skip locked""")
                .setParameter(1, BATCH).getResultList();
        for (String id : ids) {
            ensure(Session.findById(id));
        }
        return ids.size();
    }

    /** With the session row locked by the caller: the stored report, or a new one stored and announced. */
    private byte[] ensure(Session s) {
        var stored = store.get(s.id);
        if (stored.isPresent()) {
            return stored.get();
        }
        byte[] pdf = ReportRenderer.render(data(s));
        if (store.put(s.id, pdf)) {
            s.reportGeneratedAt = clock.instant();
            events.record(EventRecorder.REPORT_GENERATED, s);
        }
        return pdf;
    }

    private ReportData data(Session s) {
        Organization org = Organization.findById(s.organizationId);
        try {
            return new ReportData(s.id, s.assessmentType, AssessmentCatalogue.name(s.assessmentType),
                    s.candidateName != null ? s.candidateName : s.candidateExternalId,
                    org == null ? null : org.name, s.completedAt, s.isTest(), mapper.readTree(s.results));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
