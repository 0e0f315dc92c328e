package com.assessments.portal;

import com.assessments.common.Ids;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.util.Map;

/** Writes the audit log, in the transaction of the change it records. Details must never carry a secret. */
@ApplicationScoped
public class AuditLog {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Clock clock;

    public AuditLog(Clock clock) {
        this.clock = clock;
    }

    @Transactional
    public void record(String organizationId, String userId, String action, String target, Map<String, Object> details) {
        AuditEntry entry = new AuditEntry();
        entry.id = Ids.id("aud_");
        entry.organizationId = organizationId;
        entry.userId = userId;
        entry.action = action;
        entry.target = target;
        try {
            entry.details = JSON.writeValueAsString(details == null ? Map.of() : details);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("audit details must be plain JSON values", e);
        }
        entry.createdAt = clock.instant();
        entry.persist();
    }
}
