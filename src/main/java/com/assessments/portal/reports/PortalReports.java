package com.assessments.portal.reports;

import com.assessments.common.error.ApiException;
import com.assessments.org.License;
import com.assessments.org.OrganizationService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

import java.sql.Date;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What the portal's overview and admin reports count, read straight from the session rows of the organization (the
 * session package owns them; this only reads). Days, weeks and months are UTC. Reports are production figures: live
 * sessions only, test ones never.
 */
@ApplicationScoped
public class PortalReports {

    public static final Set<String> PERIODS = Set.of("day", "week", "month");
    /** The longest report: a day report over three years is about 1,100 rows per assessment type. */
    static final Duration MAX_SPAN = Duration.ofDays(3 * 366);

    public record SessionCount(LocalDate date, String assessmentType, String status, long count) {
    }

    public record Overview(String environment, int days, LocalDate from, List<License> licenses, List<SessionCount> sessions) {
    }

    public record Row(LocalDate periodStart, String assessmentType, long completed, long licensesConsumed) {
    }

    public record Report(String organizationName, String period, Instant from, Instant to, List<Row> rows) {
    }

    private final EntityManager em;
    private final Clock clock;
    private final OrganizationService organizations;

    public PortalReports(EntityManager em, Clock clock, OrganizationService organizations) {
        this.em = em;
        this.clock = clock;
        this.organizations = organizations;
    }

    /** Live licenses, and the sessions of the environment created in the last {@code days} UTC days (today included). */
    public Overview overview(String organizationId, String environment, int days) {
        LocalDate from = LocalDate.ofInstant(clock.instant(), ZoneOffset.UTC).minusDays(days - 1L);
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("""
                        select cast(date_trunc('day', created_at at time zone 'UTC') as date), assessment_type, status, count(*)
                        from sessions
                        where organization_id = ?1 and environment = ?2 and deleted_at is null and created_at >= ?3
                        group by 1, 2, 3 order by 1, 2, 3""")
                .setParameter(1, organizationId).setParameter(2, environment)
                .setParameter(3, from.atStartOfDay(ZoneOffset.UTC).toInstant()).getResultList();
        List<SessionCount> counts = new ArrayList<>();
        for (Object[] r : rows) {
            counts.add(new SessionCount(date(r[0]), (String) r[1], (String) r[2], ((Number) r[3]).longValue()));
        }
        return new Overview(environment, days, from, organizations.get(organizationId).licenses(), counts);
    }

    /**
     * Per period and assessment type: live sessions completed in the period (by completion time) and licenses consumed
     * in it (live sessions created then; test sessions consume none). Deleted sessions count: their rows stay, and the
     * license they took stays taken.
     */
    public Report report(String organizationId, String period, Instant from, Instant to) {
        String p = period == null ? "month" : period;
        if (!PERIODS.contains(p)) {
            throw ApiException.validation("period", "must be day, week or month");
        }
        Instant end = to == null ? clock.instant() : to;
        Instant start = from == null ? end.atOffset(ZoneOffset.UTC).minusMonths(12).toInstant() : from;
        if (!start.isBefore(end)) {
            throw ApiException.validation("from", "must be before to (or before now when to is omitted)");
        }
        if (Duration.between(start, end).compareTo(MAX_SPAN) > 0) {
            throw ApiException.validation("from", "must be at most 3 years before to");
        }
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("""
                        with done as (
                            select date_trunc(?4, completed_at at time zone 'UTC') as period, assessment_type, count(*) as n
                            from sessions
                            where organization_id = ?1 and environment = 'live' and status = 'completed'
                              and completed_at >= ?2 and completed_at < ?3
                            group by 1, 2),
                        consumed as (
                            select date_trunc(?4, created_at at time zone 'UTC') as period, assessment_type, count(*) as n
                            from sessions
                            where organization_id = ?1 and environment = 'live' and license_consumed
                              and created_at >= ?2 and created_at < ?3
                            group by 1, 2)
                        select cast(coalesce(d.period, c.period) as date) as period_start,
                               coalesce(d.assessment_type, c.assessment_type) as type, coalesce(d.n, 0), coalesce(c.n, 0)
                        from done d full join consumed c on c.period = d.period and c.assessment_type = d.assessment_type
                        order by 1, 2""")
                .setParameter(1, organizationId).setParameter(2, start).setParameter(3, end).setParameter(4, p).getResultList();
        List<Row> out = new ArrayList<>();
        for (Object[] r : rows) {
            out.add(new Row(date(r[0]), (String) r[1], ((Number) r[2]).longValue(), ((Number) r[3]).longValue()));
        }
        return new Report(organizations.get(organizationId).organization().name, p, start, end, out);
    }

    /** The report as CSV (Csv: RFC 4180, formula-safe). */
    public static String csv(Report report) {
        StringBuilder out = new StringBuilder(Csv.line(List.of("organization", "period", "period_start", "assessment_type", "completed",
                "licenses_consumed")));
        for (Row r : report.rows()) {
            out.append(Csv.line(List.of(report.organizationName(), report.period(), r.periodStart().toString(), r.assessmentType(),
                    Long.toString(r.completed()), Long.toString(r.licensesConsumed()))));
        }
        return out.toString();
    }

    public static String fileName(Report report) {
        return "report-" + report.period() + "-" + LocalDate.ofInstant(report.from(), ZoneOffset.UTC) + "-"
                + LocalDate.ofInstant(report.to(), ZoneOffset.UTC) + ".csv";
    }

    private static LocalDate date(Object value) {
        if (value instanceof LocalDate d) {
            return d;
        }
        if (value instanceof Date d) {
            return d.toLocalDate();
        }
        if (value instanceof LocalDateTime t) {
            return t.toLocalDate();
        }
        if (value instanceof java.sql.Timestamp t) {
            return t.toLocalDateTime().truncatedTo(ChronoUnit.DAYS).toLocalDate();
        }
        throw new IllegalStateException("unexpected date type " + value.getClass());
    }
}
