package com.assessments.coach;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** One message to the coach and its reply (table coach_messages, V17). */
@Entity
@Table(name = "coach_messages")
public class CoachMessageRecord extends PanacheEntityBase {

    static final String BUILT_IN = "built_in";
    static final String PROVIDER = "provider";

    @Id
    public String id;

    public String organizationId;

    public String environment;

    public String candidateExternalId;

    public String conversationId;

    public String message;

    public String reply;

    @JdbcTypeCode(SqlTypes.ARRAY)
    public List<String> groundedOn;

    public String answeredBy;

    public Instant createdAt;

    /** The last {@code limit} turns of a conversation, oldest first. */
    static List<CoachMessageRecord> lastOf(String organizationId, String environment, String candidateExternalId,
                                          String conversationId, int limit) {
        List<CoachMessageRecord> newest = CoachMessageRecord.<CoachMessageRecord>find(
                        "organizationId = ?1 and environment = ?2 and candidateExternalId = ?3 and conversationId = ?4 "
                                + "order by createdAt desc, id desc",
                        organizationId, environment, candidateExternalId, conversationId)
                .range(0, limit - 1).list();
        List<CoachMessageRecord> oldestFirst = new ArrayList<>(newest);
        Collections.reverse(oldestFirst);
        return oldestFirst;
    }

    /** Right to forget: the candidate's messages, and any grounded on the forgotten session. */
    static long forget(String organizationId, String environment, String sessionId, String candidateExternalId) {
        return getEntityManager().createNativeQuery("""
                        delete from coach_messages where organization_id = ?1 and environment = ?2
                        and (candidate_external_id = ?3 or ?4 = any (grounded_on))""")
                .setParameter(1, organizationId).setParameter(2, environment)
                .setParameter(3, candidateExternalId == null ? "" : candidateExternalId).setParameter(4, sessionId)
                .executeUpdate();
    }
}
