package com.assessments.web;

import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;

/**
 * The developer portal's UI at /portal (plain HTML, CSS and JavaScript served by the service). It calls only
 * /api/portal/* on its own origin; no other site may frame it.
 */
@Path("/portal")
public class PortalPage {

    static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
            + "frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

    @GET
    @RunOnVirtualThread
    public Response page() {
        return WebResource.file("web/portal/portal.html", "text/html; charset=utf-8")
                .header("Content-Security-Policy", CSP)
                .header("Referrer-Policy", "no-referrer")
                .header("X-Frame-Options", "DENY")
                .header("Cache-Control", "no-cache")
                .build();
    }

    @GET
    @RunOnVirtualThread
    @Path("portal.js")
    public Response script() {
        return WebResource.file("web/portal/portal.js", "text/javascript; charset=utf-8").header("Cache-Control", "no-cache").build();
    }

    @GET
    @RunOnVirtualThread
    @Path("portal.css")
    public Response styles() {
        return WebResource.file("web/portal/portal.css", "text/css; charset=utf-8").header("Cache-Control", "no-cache").build();
    }
}
