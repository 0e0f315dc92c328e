package com.assessments.key;

import jakarta.inject.Inject;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.ext.Provider;

/** Every response to a rate-limited credential carries X-RateLimit-Limit, -Remaining and -Reset (UNIX seconds). */
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
        response.getHeaders().putSingle("X-RateLimit-Limit", String.valueOf(d.limit()));
        response.getHeaders().putSingle("X-RateLimit-Remaining", String.valueOf(d.remaining()));
        response.getHeaders().putSingle("X-RateLimit-Reset", String.valueOf(d.resetEpochSeconds()));
    }
}
