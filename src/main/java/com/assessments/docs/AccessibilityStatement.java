package com.assessments.docs;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The accessibility statement served at /docs/accessibility ({@link DocsResource}): what conforms, how it is tested,
 * how to report a barrier. The page is a resource (docs/accessibility.html) so that it is edited as HTML; the tests
 * that measure what it says are named in it.
 */
final class AccessibilityStatement {

    private static final String PAGE = load();

    private AccessibilityStatement() {
    }

    static Response response() {
        return Response.ok(PAGE, MediaType.TEXT_HTML_TYPE.withCharset("utf-8"))
                .header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none';"
                        + " frame-ancestors 'none'")
                .header("Cache-Control", "public, max-age=300")
                .build();
    }

    private static String load() {
        try (InputStream in = AccessibilityStatement.class.getClassLoader().getResourceAsStream("docs/accessibility.html")) {
            if (in == null) {
                throw new IllegalStateException("docs/accessibility.html is missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
