package com.assessments.report;

import com.assessments.common.Hashing;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

import java.time.Clock;
import java.util.List;
import java.util.Optional;

/** Reports in the reports table, one per session; removed with the session's personal data on delete. */
@ApplicationScoped
public class DatabaseReportStore implements ReportStore {

    private final EntityManager em;
    private final Clock clock;

    public DatabaseReportStore(EntityManager em, Clock clock) {
        this.em = em;
        this.clock = clock;
    }

    @Override
    public Optional<byte[]> get(String sessionId) {
        @SuppressWarnings("unchecked")
        List<byte[]> rows = em.createNativeQuery("select content from reports where session_id = ?1")
                .setParameter(1, sessionId).getResultList();
        return rows.stream().findFirst();
    }

    @Override
    public boolean put(String sessionId, byte[] pdf) {
        return em.createNativeQuery("""
                        insert into reports (session_id, content, sha256, created_at) values (?1, ?2, ?3, ?4)
                        on conflict (session_id) do nothing""")
                .setParameter(1, sessionId).setParameter(2, pdf).setParameter(3, Hashing.sha256(pdf))
                .setParameter(4, clock.instant()).executeUpdate() == 1;
    }

    @Override
    public void forget(String sessionId) {
        em.createNativeQuery("delete from reports where session_id = ?1").setParameter(1, sessionId).executeUpdate();
    }
}
