package com.assessments.docs;

import com.assessments.common.error.ErrorCode;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** Human documentation served by the service; every error's doc_url points into /docs/errors. */
@Path("/docs")
public class DocsResource {

    @GET
    @Path("/errors")
    @Produces(MediaType.TEXT_HTML)
    public String errors() {
        StringBuilder html = new StringBuilder("""
                <!doctype html>
                <html lang="en"><head><meta charset="utf-8"><title>Errors · Assessment Platform API</title>
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <style>body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
                code{background:#f3f3f3;padding:.1rem .3rem;border-radius:3px}section{border-top:1px solid #ddd;padding:.5rem 0}
                h2{font-size:1.1rem;margin:.5rem 0}</style></head><body>
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

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
