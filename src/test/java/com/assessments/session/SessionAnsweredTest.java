package com.assessments.session;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import com.assessments.support.TestDb;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The progress PostgreSQL keeps in {@code sessions.answered} (a trigger, V19) is the count {@link SessionProgressCounter}
 * makes from the stored answers in Java: for each stored shape, written straight into a session's row, the column
 * equals the Java count. A write path that changes the answers cannot leave the column behind: the trigger runs on
 * every insert and on every update of the status or the answers. Rows written before V19 (the column null) are
 * counted by the read ({@link SessionReads}).
 */
@QuarkusTest
class SessionAnsweredTest {

    @Inject
    TestDb db;
    @Inject
    SessionProgressCounter counter;
    @Inject
    SessionReads reads;

    private static final String Q = "{\"questionId\":\"%s\",\"response\":%s}";

    private record Stored(String status, String responses, String progress, int expected) {
    }

    @Test
    void theColumnCountsWhatTheJavaCounterCounts() {
        List<Stored> shapes = new ArrayList<>();
        String three = "[" + String.join(",", Q.formatted("q1", 1), Q.formatted("q2", 5), Q.formatted("q3", 3)) + "]";
        shapes.add(new Stored("created", null, null, 0));
        shapes.add(new Stored("in_progress", null, "{\"answers\":" + three + "}", 3));
        shapes.add(new Stored("in_progress", null, "{\"answers\":[]}", 0));
        shapes.add(new Stored("in_progress", null, "{}", 0));
        // the same question twice counts once; a null, text or missing response and a null question do not count
        shapes.add(new Stored("in_progress", null, "{\"answers\":[" + String.join(",", Q.formatted("q1", 1),
                Q.formatted("q1", 2), Q.formatted("q2", "null"), Q.formatted("q3", "\"4\""), "{\"questionId\":\"q4\"}",
                "{\"questionId\":null,\"response\":1}", Q.formatted("q5", 2.5)) + "]}", 2));
        // submitted: the responses count, not the saved progress
        shapes.add(new Stored("failed", three, "{\"answers\":[" + Q.formatted("q9", 1) + "]}", 3));
        // completed or failed without responses: the saved progress
        shapes.add(new Stored("failed", null, "{\"answers\":[" + Q.formatted("q9", 1) + "]}", 1));
        // a list that is not an array counts nothing, even an object whose values look like answers
        shapes.add(new Stored("in_progress", null, "{\"answers\":{\"a\":" + Q.formatted("q1", 1) + "}}", 0));
        // an expired session's responses are not its answers (only a completed or failed one was submitted)
        shapes.add(new Stored("expired", three, null, 0));

        Admin.Keys tenant = Admin.newTenant("test");
        for (Stored shape : shapes) {
            String id = Sessions.created(tenant.secretKey(), "disc")[0];
            db.update("update sessions set status = ?, responses = cast(? as jsonb), progress = cast(? as jsonb) where id = ?",
                    shape.status(), shape.responses(), shape.progress(), id);
            int column = ((Number) db.query("select answered from sessions where id = ?", id).get(0).get("answered")).intValue();
            int read = reads.owned(id, tenant.orgId(), "test").orElseThrow().answeredCount;
            db.update("update sessions set answered = null where id = ?", id); // as on a row written before V19
            int readWithoutColumn = reads.owned(id, tenant.orgId(), "test").orElseThrow().answeredCount;

            Session s = new Session();
            s.assessmentType = "disc";
            s.status = shape.status();
            s.responses = shape.responses();
            s.progress = shape.progress();
            int java = counter.of(s).getAnswered();

            assertEquals(shape.expected(), java, "the Java counter on " + shape);
            assertEquals(java, column, "the stored column on " + shape);
            assertEquals(java, read, "the read of the column on " + shape);
            assertEquals(java, readWithoutColumn, "the read of a row without the column on " + shape);
        }
    }

    /** A new session starts with the column at 0, not null. */
    @Test
    void aNewSessionStartsAtZero() {
        Admin.Keys tenant = Admin.newTenant("test");
        String id = Sessions.created(tenant.secretKey(), "disc")[0];
        assertEquals(0, ((Number) db.query("select answered from sessions where id = ?", id).get(0).get("answered")).intValue());
    }

    /** A list that is not an array counts nothing, and the write still goes through (no error from the trigger). */
    @Test
    void aListThatIsNotAnArrayCountsNothing() {
        Admin.Keys tenant = Admin.newTenant("test");
        String id = Sessions.created(tenant.secretKey(), "disc")[0];
        for (String progress : List.of("{\"answers\":{\"q1\":1}}", "{\"answers\":3}", "{\"answers\":null}", "[1,2]")) {
            assertEquals(1, db.update("update sessions set status = 'in_progress', progress = cast(? as jsonb) where id = ?",
                    progress, id));
            Number answered = (Number) db.query("select answered from sessions where id = ?", id).get(0).get("answered");
            assertEquals(0, answered.intValue(), progress + " counted");
        }
    }
}
