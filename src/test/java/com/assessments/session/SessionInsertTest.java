package com.assessments.session;

import com.assessments.common.Hashing;
import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.persistence.Transient;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static com.assessments.support.Contract.api;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A new session's row is written by {@link SessionInsert} (plain SQL), not by Hibernate: read back through Hibernate,
 * every column a create sets holds what the create was given, and every column of the entity is either named in the
 * insert (and not empty) or one of those that start empty. A column added to {@link Session} and not to the insert
 * fails here, even when the table gives it a default.
 */
@QuarkusTest
class SessionInsertTest {

    /** Columns a new session leaves null: set by later steps (runner, submit, expiry, reports, delete). */
    private static final Set<String> SET_LATER = Set.of("progress", "responses", "results", "startedAt", "completedAt",
            "failedAt", "expiredAt", "deletedAt", "reportGeneratedAt");

    @Test
    void everyColumnOfANewSessionIsWritten() throws Exception {
        Admin.Keys keys = Admin.newTenant("live");
        Map<String, Object> body = Sessions.body("disc", "insert_1");
        body.put("locale", "de-AT");
        body.put("config", Map.of("language", "de"));
        body.put("metadata", Map.of("requisition", "REQ-9"));
        body.put("redirectUrl", "https://careers.example.com/done");
        body.put("expiresIn", 3_600);
        var created = api().auth().oauth2(keys.secretKey()).header("Idempotency-Key", "insert-1")
                .contentType(ContentType.JSON).body(body).post("/api/v1/sessions")
                .then().statusCode(201).extract().jsonPath();
        String id = created.getString("id");

        Session s = QuarkusTransaction.requiringNew().call(() -> Session.<Session>findById(id));
        assertEquals(keys.orgId(), s.organizationId);
        assertEquals("live", s.environment);
        assertEquals("disc", s.assessmentType);
        assertEquals("de-AT", s.locale);
        assertEquals(SessionLifecycle.CREATED, s.status);
        assertArrayEquals(Hashing.sha256(created.getString("sessionToken")), s.tokenHash);
        assertEquals("insert_1", s.candidateExternalId);
        assertEquals("insert_1@example.com", s.candidateEmail);
        assertEquals("Ada insert_1", s.candidateName);
        assertTrue(s.config.contains("\"language\"") && s.config.contains("\"de\""), s.config);
        assertTrue(s.metadata.contains("REQ-9"), s.metadata);
        assertEquals("https://careers.example.com/done", s.redirectUrl);
        assertTrue(s.licenseConsumed, "a live session takes a license");
        assertEquals(keys.secretKeyId(), s.createdByKeyId);
        assertEquals("insert-1", s.idempotencyKey);
        assertEquals(OffsetDateTime.parse(created.getString("createdAt")).toInstant(), s.createdAt);
        assertEquals(s.createdAt, s.updatedAt);
        assertEquals(OffsetDateTime.parse(created.getString("expiresAt")).toInstant(), s.expiresAt);

        List<String> missing = new ArrayList<>();
        for (Field f : Session.class.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) || f.isAnnotationPresent(Transient.class) || f.isSynthetic()
                    || f.getName().startsWith("$$")) {
                continue;
            }
            Object value = f.get(s);
            boolean later = SET_LATER.contains(f.getName());
            // named in the insert's column list: a column left out would read back its default, not fail above
            boolean written = INSERT_COLUMNS.contains(column(f.getName()));
            if (later ? value != null || written : value == null || !written) {
                missing.add(f.getName() + "=" + (value instanceof byte[] b ? Arrays.toString(b) : value));
            }
        }
        assertTrue(missing.isEmpty(), "columns not as a new session has them (add them to SessionInsert, or to SET_LATER "
                + "when a later step sets them): " + missing);
    }

    private static final List<String> INSERT_COLUMNS = Arrays.stream(SessionInsert.INSERT
            .substring(SessionInsert.INSERT.indexOf('(') + 1, SessionInsert.INSERT.indexOf(')')).split(","))
            .map(String::strip).toList();

    /** The column Hibernate maps a field to: camelCase to snake_case. */
    private static String column(String field) {
        return field.replaceAll("([A-Z])", "_$1").toLowerCase(java.util.Locale.ROOT);
    }
}
