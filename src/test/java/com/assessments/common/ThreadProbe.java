package com.assessments.common;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * Test-only: when a request carries {@value #PROBE}, says in the {@value #THREAD} response header what kind of thread
 * its resource filters ran on (the handler's thread), "virtual" or "platform". Requests without it are untouched.
 */
public class ThreadProbe {

    public static final String PROBE = "X-Test-Thread-Probe";
    public static final String THREAD = "X-Test-Thread";
    private static final String SEEN = ThreadProbe.class.getName();

    @ServerRequestFilter
    public void seen(ContainerRequestContext request) {
        if (request.getHeaderString(PROBE) != null) {
            request.setProperty(SEEN, Thread.currentThread().isVirtual() ? "virtual" : "platform");
        }
    }

    @ServerResponseFilter
    public void tell(ContainerRequestContext request, ContainerResponseContext response) {
        Object seen = request.getProperty(SEEN);
        if (seen != null) {
            response.getHeaders().putSingle(THREAD, seen);
        }
    }
}
