package com.assessments.key;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The key's shape, checked before any lookup: service_(sk|pk)_(test|live)_ and 20 to 100 base62 characters. */
class KeyShapeTest {

    @Test
    void everyKindOfKeyWithTwentyToAHundredBase62Characters() {
        for (String prefix : new String[]{"service_sk_test_", "service_sk_live_", "service_pk_test_", "service_pk_live_"}) {
            assertTrue(ApiKeyService.looksLikeKey(prefix + "a".repeat(20)), prefix);
            assertTrue(ApiKeyService.looksLikeKey(prefix + "Zz09".repeat(25)), prefix);
            assertFalse(ApiKeyService.looksLikeKey(prefix + "a".repeat(19)), prefix + " 19 characters");
            assertFalse(ApiKeyService.looksLikeKey(prefix + "a".repeat(101)), prefix + " 101 characters");
            assertFalse(ApiKeyService.looksLikeKey(prefix), prefix + " alone");
        }
        assertTrue(ApiKeyService.looksLikeKey(com.assessments.common.Ids.secret("service_sk_live_")), "as keys are issued");
    }

    @Test
    void anythingElseIsNotAKey() {
        String body = "abcdefghijklmnopqrstuvwxyz";
        for (String token : new String[]{"service_xk_test_" + body, "service_sk_prod_" + body, "Service_sk_test_" + body,
                "service_sk_test" + body, "xservice_sk_test_" + body, "service_sk_test_" + body + "-",
                "service_sk_test_" + body + "_", "service_sk_test_" + body + "é", "service_sk_test_" + body + "\u0000",
                "service_sk_test_abcdefghij klmnopqrstu", "vst_" + body, "", "service_sk_test_" + "٣".repeat(20)}) {
            assertFalse(ApiKeyService.looksLikeKey(token), token);
        }
    }
}
