package com.assessments.support;

import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;

import java.util.List;
import java.util.Map;

import static com.assessments.support.Contract.api;

/** Provisions tenants through the real operator API, as an operator would. */
public final class Admin {

    public static final String TOKEN = "test-admin-token-not-for-production-use";

    private Admin() {
    }

    public record Keys(String orgId, String secretKey, String secretKeyId, String publishableKey, String publishableKeyId) {
    }

    public static String createOrganization(String name, Map<String, Integer> licenses) {
        return api().auth().oauth2(TOKEN).contentType(ContentType.JSON)
                .body(Map.of("name", name, "assessmentTypes", List.copyOf(licenses.keySet()), "licenses", licenses))
                .post("/api/admin/organizations")
                .then().statusCode(201).extract().path("id");
    }

    public static Keys issueKeys(String orgId, String environment, Map<String, Object> extra) {
        Map<String, Object> body = new java.util.HashMap<>(extra);
        body.put("environment", environment);
        JsonPath json = api().auth().oauth2(TOKEN).contentType(ContentType.JSON).body(body)
                .post("/api/admin/organizations/{id}/keys", orgId)
                .then().statusCode(201).extract().jsonPath();
        return new Keys(orgId, json.getString("secretKey.secret"), json.getString("secretKey.id"),
                json.getString("publishableKey.secret"), json.getString("publishableKey.id"));
    }

    /** A fresh organization with DISC enabled and a test key pair whose publishable key allows https://app.example.com. */
    public static Keys newTenant(String environment) {
        String org = createOrganization("Tenant " + System.nanoTime(), Map.of("disc", 5));
        return issueKeys(org, environment, Map.of("allowedOrigins", List.of("https://app.example.com")));
    }
}
