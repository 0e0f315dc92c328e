package com.assessments.web;

import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The candidate-facing files, served by the service itself (no CDN): the runner page at /assess (the session
 * token travels in the URL fragment, never in the query) and the versioned browser SDK at /sdk/v1/embed.js.
 */
@Path("/")
public class WebResource {

    private static final String RUNNER_CSP_START = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
            + "img-src 'self' data:; connect-src 'self'; frame-ancestors ";
    private static final String RUNNER_CSP_END = "; base-uri 'none'; form-action 'none'";

    private static final ConcurrentHashMap<String, byte[]> FILES = new ConcurrentHashMap<>();

    private final RunnerFraming framing;

    public WebResource(RunnerFraming framing) {
        this.framing = framing;
    }

    /** The runner's CSP with the given frame-ancestors source list. */
    static String runnerCsp(String frameAncestors) {
        return RUNNER_CSP_START + frameAncestors + RUNNER_CSP_END;
    }

    /**
     * The runner page. Only the sites allowed by the session's organization ({@code ?session=}, the server-made
     * assessmentUrl) or by the SDK's publishable key ({@code ?pk=}) may frame it; without either, none may.
     */
    @GET
    @RunOnVirtualThread
    @Path("assess")
    public Response runner(@QueryParam("session") String sessionId, @QueryParam("pk") String publishableKey) {
        return file("web/assess.html", "text/html; charset=utf-8")
                .header("Content-Security-Policy", runnerCsp(framing.frameAncestors(sessionId, publishableKey)))
                .header("Referrer-Policy", "no-referrer")
                .header("Cache-Control", "no-cache")
                .build();
    }

    @GET
    @RunOnVirtualThread
    @Path("assess/assess.js")
    public Response runnerScript() {
        return file("web/assess.js", "text/javascript; charset=utf-8").header("Cache-Control", "no-cache").build();
    }

    @GET
    @RunOnVirtualThread
    @Path("assess/assess-i18n.js")
    public Response runnerTexts() {
        return file("web/assess-i18n.js", "text/javascript; charset=utf-8").header("Cache-Control", "no-cache").build();
    }

    @GET
    @RunOnVirtualThread
    @Path("assess/assess.css")
    public Response runnerStyles() {
        return file("web/assess.css", "text/css; charset=utf-8").header("Cache-Control", "no-cache").build();
    }

    /** Versioned path: v1 only ever gets compatible fixes, so browsers may keep it a day. */
    @GET
    @RunOnVirtualThread
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
