package com.assessments.docs;

import com.assessments.common.error.ErrorCode;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Human documentation served by the service; every error's doc_url points into /docs/errors. */
@Path("/docs")
public class DocsResource {

    @GET
    @RunOnVirtualThread
    @Path("/errors")
    @Produces(MediaType.TEXT_HTML)
    public String errors() {
        StringBuilder html = new StringBuilder(PAGE_HEAD.replace("{title}", "Errors")).append("""
                <h1>Errors</h1>
                <p>Every error response has the body <code>{"error":{"code","message","doc_url","details"}}</code>.
                Map on <code>code</code>, not on <code>message</code>. Codes are never renamed; new codes may appear
                on an existing HTTP status, so fall back to the status for a code you do not know.
                Validation errors list each problem in <code>details.errors</code> as <code>{field, issue}</code>.
                Quote the <code>X-Request-Id</code> response header when you report a problem.</p>
                """);
        for (ErrorCode code : ErrorCode.values()) {
            html.append("<section id=\"").append(code.code()).append("\"><h2><code>").append(code.code())
                    .append("</code> · HTTP ").append(code.status()).append("</h2><p>")
                    .append(escape(code.description())).append("</p></section>\n");
        }
        return html.append("</body></html>\n").toString();
    }

    /** How every assessment type is scored: the fragments in src/main/resources/docs, in this order. */
    @GET
    @RunOnVirtualThread
    @Path("/scoring")
    @Produces(MediaType.TEXT_HTML)
    public String scoring() {
        StringBuilder html = new StringBuilder(PAGE_HEAD.replace("{title}", "Scoring"))
                .append("<h1>How results are scored</h1>\n<p>Every rule is deterministic: the same answers always give the same result.</p>\n");
        for (String fragment : SCORING_FRAGMENTS) {
            try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream("docs/" + fragment)) {
                if (in != null) {
                    html.append(new String(in.readAllBytes(), StandardCharsets.UTF_8)).append('\n');
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return html.append("</body></html>\n").toString();
    }

    /** The accessibility statement (docs/accessibility.html). */
    @GET
    @RunOnVirtualThread
    @Path("/accessibility")
    @Produces(MediaType.TEXT_HTML)
    public jakarta.ws.rs.core.Response accessibility() {
        return AccessibilityStatement.response();
    }

    private static final List<String> SCORING_FRAGMENTS = List.of(
            "scoring-disc.html", "scoring-fra.html", "scoring-tfd.html", "scoring-ability.html", "scoring-mock.html",
            "scoring-simulation.html");

    private static final String PAGE_HEAD = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>{title} · Assessment Platform API</title>
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <style>body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
            code{background:#f3f3f3;padding:.1rem .3rem;border-radius:3px}section{border-top:1px solid #ddd;padding:.5rem 0}
            h2{font-size:1.1rem;margin:.5rem 0}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2rem .5rem}</style>
            </head><body>
            """;

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
