package com.assessments.key;

import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.ext.Provider;
import org.jboss.resteasy.reactive.server.spi.ResteasyReactiveContainerRequestContext;
import org.jboss.resteasy.reactive.server.spi.ServerHttpResponse;

/**
 * Every response to a rate-limited credential carries X-RateLimit-Limit, -Remaining and -Reset (UNIX seconds). They
 * go straight onto the HTTP response, not into the JAX-RS response's header map: that map is a case-insensitive tree
 * whose entries are then copied out one by one (the filter took 2.7 % of a GET session's samples in a profile, most of
 * it in that map).
 */
@Provider
public class RateLimitHeaders implements ContainerResponseFilter {

    @Inject
    Caller caller;

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        RateLimiter.Decision d = caller.rateLimit();
        if (d == null) {
            return;
        }
        String limit = Integer.toString(d.limit());
        String remaining = Integer.toString(d.remaining());
        String reset = Long.toString(d.resetEpochSeconds());
        if (request instanceof ResteasyReactiveContainerRequestContext quarkus) { // what Quarkus REST hands its filters
            ServerHttpResponse out = quarkus.getServerRequestContext().serverResponse();
            out.setResponseHeader("X-RateLimit-Limit", limit);
            out.setResponseHeader("X-RateLimit-Remaining", remaining);
            out.setResponseHeader("X-RateLimit-Reset", reset);
        } else { // a wrapped context: the portable way
            response.getHeaders().putSingle("X-RateLimit-Limit", limit);
            response.getHeaders().putSingle("X-RateLimit-Remaining", remaining);
            response.getHeaders().putSingle("X-RateLimit-Reset", reset);
        }
    }
}
