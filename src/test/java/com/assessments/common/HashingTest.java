package com.assessments.common;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The digests cloned from one prototype are SHA-256's, also when many threads hash at once. */
class HashingTest {

    @Test
    void isSha256() {
        // FIPS 180-2's test vectors
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
                HexFormat.of().formatHex(Hashing.sha256("abc")));
        assertEquals("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                HexFormat.of().formatHex(Hashing.sha256("")));
    }

    @Test
    void concurrentDigestsDoNotMix() throws Exception {
        try (ExecutorService pool = Executors.newFixedThreadPool(8)) {
            List<Callable<Void>> work = IntStream.range(0, 8).<Callable<Void>>mapToObj(t -> () -> {
                MessageDigest reference = MessageDigest.getInstance("SHA-256");
                for (int i = 0; i < 20_000; i++) {
                    byte[] input = ("key-" + t + "-" + i).getBytes(StandardCharsets.UTF_8);
                    assertArrayEquals(reference.digest(input), Hashing.sha256(input));
                }
                return null;
            }).toList();
            for (var result : pool.invokeAll(work)) {
                result.get(); // rethrows a thread's failed assertion
            }
        }
    }
}
