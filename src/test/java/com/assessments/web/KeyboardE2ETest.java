package com.assessments.web;

import com.assessments.support.Admin;
import com.assessments.support.Sessions;
import com.assessments.support.TestDb;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A whole DISC and a whole ability (aapa) assessment taken with the keyboard alone (src/test/e2e/keyboard.e2e.mjs):
 * a visible focus indicator at every step, Tab in the visual order, each choice announced in the polite live region
 * without moving the focus, the end state's heading focused; and the embedded runner leaves the host page's focus
 * alone. Both sessions must end completed in the database.
 */
@QuarkusTest
class KeyboardE2ETest {

    @Inject
    TestDb db;

    @Test
    void wholeAssessmentsByKeyboardAloneWithTheFocusAlwaysVisible() throws Exception {
        BrowserScript.assumeReady("KeyboardE2ETest", "playwright-core");
        String org = Admin.createOrganization("Keyboard " + System.nanoTime(), Map.of("disc", 5, "aapa", 5));
        Admin.Keys keys = Admin.issueKeys(org, "test", Map.of());
        String[] disc = Sessions.created(keys.secretKey(), "disc");
        String[] aapa = Sessions.created(keys.secretKey(), "aapa");

        JsonPath result = BrowserScript.run("keyboard.e2e.mjs", 300, disc[1], aapa[1], "demo");

        assertEquals(15, result.getInt("sessions[0].questions"));
        assertEquals(20, result.getInt("sessions[1].questions"));
        for (int s = 0; s < 2; s++) {
            int questions = result.getInt("sessions[" + s + "].questions");
            assertEquals(questions, result.getInt("sessions[" + s + "].announcements"));
            // per question at least: the answers, the chosen answer and Next/Submit; and the heading after each Next
            assertTrue(result.getInt("sessions[" + s + "].focusChecks") >= 4 * questions, result.prettify());
        }
        assertTrue(result.getBoolean("demoFocusKept"));
        for (String id : new String[]{disc[0], aapa[0]}) {
            assertEquals("completed", db.query("select status from sessions where id = ?", id).get(0).get("status"));
        }
    }
}
