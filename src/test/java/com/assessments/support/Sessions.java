package com.assessments.support;

import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;

/** Creating and answering sessions through the real API. */
public final class Sessions {

    /** The DISC bank's items in order, with their dimensions. */
    public static final List<String[]> DISC_ITEMS = List.of(
            new String[]{"disc_01", "D"}, new String[]{"disc_02", "I"}, new String[]{"disc_03", "S"}, new String[]{"disc_04", "C"},
            new String[]{"disc_05", "D"}, new String[]{"disc_06", "I"}, new String[]{"disc_07", "S"}, new String[]{"disc_16", "C"},
            new String[]{"disc_09", "D"}, new String[]{"disc_10", "I"}, new String[]{"disc_11", "S"}, new String[]{"disc_12", "C"},
            new String[]{"disc_13", "D"}, new String[]{"disc_14", "I"}, new String[]{"disc_15", "S"});

    private Sessions() {
    }

    public static Map<String, Object> body(String type, String externalId) {
        Map<String, Object> body = new HashMap<>();
        body.put("assessmentType", type);
        body.put("candidate", Map.of("externalId", externalId, "email", externalId + "@example.com", "name", "Ada " + externalId));
        return body;
    }

    public static ValidatableResponse create(String key, Map<String, Object> body) {
        return api().auth().oauth2(key).contentType(ContentType.JSON).body(body).post("/api/v1/sessions").then();
    }

    /** Creates a session and returns [id, sessionToken]. */
    public static String[] created(String key, String type) {
        var json = create(key, body(type, "cand-" + System.nanoTime())).statusCode(201).extract().jsonPath();
        return new String[]{json.getString("id"), json.getString("sessionToken")};
    }

    /** DISC answers: responses[i] answers item i. */
    public static Map<String, Object> disc(int... responses) {
        List<Map<String, Object>> items = new ArrayList<>();
        for (int i = 0; i < responses.length; i++) {
            items.add(Map.of("questionId", DISC_ITEMS.get(i)[0], "dimension", DISC_ITEMS.get(i)[1], "response", responses[i]));
        }
        return Map.of("responses", items);
    }

    public static Map<String, Object> discVaried() {
        return disc(5, 2, 3, 4, 5, 2, 3, 4, 4, 1, 3, 5, 1, 4, 3);
    }

    public static ValidatableResponse submit(String key, String id, Map<String, ?> body) {
        return api().auth().oauth2(key).contentType(ContentType.JSON).body(body).post("/api/v1/sessions/{id}/submit", id).then();
    }
}
