package com.assessments.web;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The candidate-facing files, served by the service itself (no CDN): the runner page at /assess (the session
 * token travels in the URL fragment) and the versioned browser SDK at /sdk/v1/embed.js.
 */
@Path("/")
public class WebResource {

    /** The runner may be framed by any site: it does nothing without a session token, and posts only to parentOrigin. */
    static final String RUNNER_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
            + "img-src 'self' data:; connect-src 'self'; frame-ancestors *; base-uri 'none'; form-action 'none'";

    private static final ConcurrentHashMap<String, byte[]> FILES = new ConcurrentHashMap<>();

    @GET
    @Path("assess")
    public Response runner() {
        return file("web/assess.html", "text/html; charset=utf-8")
                .header("Content-Security-Policy", RUNNER_CSP)
                .header("Referrer-Policy", "no-referrer")
                .header("Cache-Control", "no-cache")
                .build();
    }

    @GET
    @Path("assess/assess.js")
    public Response runnerScript() {
        return file("web/assess.js", "text/javascript; charset=utf-8").header("Cache-Control", "no-cache").build();
    }

    @GET
    @Path("assess/assess.css")
    public Response runnerStyles() {
        return file("web/assess.css", "text/css; charset=utf-8").header("Cache-Control", "no-cache").build();
    }

    /** Versioned path: v1 only ever gets compatible fixes, so browsers may keep it a day. */
    @GET
    @Path("sdk/v1/embed.js")
    public Response sdk() {
        return file("web/sdk/embed.js", "text/javascript; charset=utf-8")
                .header("Cache-Control", "public, max-age=86400")
                .header("Access-Control-Allow-Origin", "*")
                .build();
    }

    static Response.ResponseBuilder file(String resource, String contentType) {
        byte[] bytes = FILES.computeIfAbsent(resource, WebResource::read);
        return Response.ok(bytes, contentType);
    }

    private static byte[] read(String resource) {
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
