package com.assessments.portal.results;

import com.assessments.api.model.SessionDetail;
import com.assessments.common.PageResult;
import com.assessments.common.db.InTurn;
import com.assessments.key.Caller;
import com.assessments.key.Scopes;
import com.assessments.portal.AuditLog;
import com.assessments.report.ReportService;
import com.assessments.session.Session;
import com.assessments.session.SessionService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.util.List;
import java.util.Map;

/**
 * An organization's sessions as its members see them in the portal: the session and report packages do the work,
 * scoped as they always are, by organization and environment. They take that scope as a key principal; the portal
 * hands them one that names the organization and the environment the member chose and no real key (its id is
 * "portal"): nothing they do with it reads more than those two.
 */
@ApplicationScoped
public class OrganizationSessions {

    private final SessionService sessions;
    private final ReportService reports;
    private final AuditLog audit;

    public OrganizationSessions(SessionService sessions, ReportService reports, AuditLog audit) {
        this.sessions = sessions;
        this.reports = reports;
        this.audit = audit;
    }

    static Caller.KeyPrincipal scope(String organizationId, String environment) {
        return new Caller.KeyPrincipal("portal", "portal", organizationId, "secret", environment, List.copyOf(Scopes.ALL), null,
                List.of(), 1, List.of()); // reads and deletes only: it creates nothing
    }

    public PageResult<Session> list(String organizationId, String environment, SessionService.ListFilter filter, int limit, int offset) {
        return sessions.list(scope(organizationId, environment), filter, limit, offset);
    }

    public SessionDetail get(String organizationId, String environment, String id) {
        return sessions.get(scope(organizationId, environment), id);
    }

    @InTurn // taken before its transaction begins, as the API's delete does (reentrant: SessionService.delete is one too)
    @Transactional
    public void delete(String organizationId, String userId, String environment, String id) {
        sessions.delete(scope(organizationId, environment), id);
        audit.record(organizationId, userId, "session.deleted", id, Map.of("environment", environment));
    }

    public ReportService.Report report(String organizationId, String environment, String id) {
        return reports.pdf(scope(organizationId, environment), id);
    }
}
