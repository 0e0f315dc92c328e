package com.assessments.org;

import com.assessments.support.TestDb;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;

import static com.assessments.support.Contract.raw;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The dev-mode start: a demo organization with a test and a live key pair; and no operator token = no operator API. */
@QuarkusTest
@TestProfile(DemoSeedTest.DevLikeProfile.class)
class DemoSeedTest {

    public static class DevLikeProfile implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("assessments.seed-demo", "true", "assessments.admin-token", "");
        }
    }

    @Inject
    TestDb db;

    @Inject
    DemoSeeder seeder;

    @Test
    void demoOrganizationHasEveryTypeAndTwoKeyPairs() {
        var orgs = db.query("select id, enabled_assessment_types::text as types from organizations where name = 'Demo Organization'");
        assertEquals(1, orgs.size());
        String org = (String) orgs.get(0).get("id");
        assertEquals("{aapa,disc,fra,lpm,lpm_u,tfd,tfd_plus}", orgs.get(0).get("types"));
        assertEquals(2, db.count("select count(*) from api_keys where organization_id = ? and kind = 'secret'", org));
        assertEquals(2, db.count("select count(*) from api_keys where organization_id = ? and kind = 'publishable'", org));
        assertEquals(1, db.count("select count(*) from api_keys where organization_id = ? and kind = 'secret' and environment = 'live'", org));
        assertEquals(7, db.count("select count(*) from licenses where organization_id = ? and capacity = 100", org));
        // a published TFD config per catalogued occupation, so tfd sessions work out of the box
        assertEquals(8, db.count("select count(*) from tfd_configs where organization_id = ? and status = 'published'", org));
    }

    @Test
    void seedingTwiceOrRestartingCreatesNothingNew() {
        long keys = db.count("select count(*) from api_keys");
        seeder.seed();
        assertEquals(keys, db.count("select count(*) from api_keys"));
        // a restart: the organization is found with one plain query, before any transaction
        String org = (String) db.query("select id from organizations where name = 'Demo Organization'").get(0).get("id");
        assertEquals(Optional.of(org), seeder.existingDemoOrganization());
        seeder.onStart(new StartupEvent());
        assertEquals(keys, db.count("select count(*) from api_keys"));
        assertEquals(1, db.count("select count(*) from organizations where name = 'Demo Organization'"));
    }

    @Test
    void operatorApiIsOffWithoutAToken() {
        raw().header("Authorization", "Bearer anything").get("/api/admin/organizations").then()
                .statusCode(404).body("error.code", equalTo("not_found"));
        raw().get("/api/admin/organizations").then().statusCode(404).body("error.code", equalTo("not_found"));
    }
}
