package com.assessments.common;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IdsTest {

    @Test
    void idsAndSecretsHaveTheirPrefixLengthAndAlphabet() {
        assertTrue(Ids.id("ses_").matches("ses_[0-9A-Za-z]{16}"));
        assertTrue(Ids.secret("vst_").matches("vst_[0-9A-Za-z]{43}"));
        assertTrue(Ids.requestId().matches("req_[0-9A-Za-z]{16}"));
    }

    @Test
    void everyCharacterIsEquallyLikely() {
        // 62 x 2,000 expected per character; a biased mapping (e.g. byte % 62 without dropping 248-255) puts the
        // first eight characters about 25% above the rest, far outside this bound
        int[] counts = new int[128];
        int draws = 62 * 2000 / 40;
        for (int i = 0; i < draws; i++) {
            for (char c : Ids.random(40).toCharArray()) {
                counts[c]++;
            }
        }
        double expected = draws * 40 / 62.0;
        double chiSquare = 0;
        int seen = 0;
        for (int count : counts) {
            if (count > 0) {
                seen++;
                chiSquare += (count - expected) * (count - expected) / expected;
            }
        }
        assertEquals(62, seen);
        assertTrue(chiSquare < 120, "chi-square " + chiSquare + " over 61 degrees of freedom"); // p < 0.00001
    }

    @Test
    void idsDoNotRepeat() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 100_000; i++) {
            assertTrue(seen.add(Ids.id("x_")));
            assertTrue(seen.add(Ids.requestId()));
        }
    }
}
