package com.assessments.key;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.core.MultivaluedMap;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The headers' portable way, for a request context that is not Quarkus REST's own (Quarkus REST's way, straight onto
 * the HTTP response, is what RateLimitTest sees over HTTP).
 */
class RateLimitHeadersTest {

    @Test
    void aWrappedContextGetsTheHeadersThroughTheJaxRsResponse() {
        MultivaluedMap<String, Object> headers = new MultivaluedHashMap<>();
        RateLimitHeaders filter = headersFor(new RateLimiter.Decision(true, 120, 7, 1_790_000_000L, 0));
        filter.filter(proxy(ContainerRequestContext.class, Map.of()), proxy(ContainerResponseContext.class, Map.of("getHeaders", headers)));
        assertEquals(Map.of("X-RateLimit-Limit", List.of("120"), "X-RateLimit-Remaining", List.of("7"),
                "X-RateLimit-Reset", List.of("1790000000")), headers);
    }

    @Test
    void noDecisionNoHeaders() {
        MultivaluedMap<String, Object> headers = new MultivaluedHashMap<>();
        headersFor(null).filter(proxy(ContainerRequestContext.class, Map.of()),
                proxy(ContainerResponseContext.class, Map.of("getHeaders", headers)));
        assertTrue(headers.isEmpty());
    }

    private static RateLimitHeaders headersFor(RateLimiter.Decision decision) {
        Caller caller = new Caller();
        caller.rateLimited(decision);
        RateLimitHeaders filter = new RateLimitHeaders();
        filter.caller = caller;
        return filter;
    }

    /** An implementation of the interface answering the named methods, and null (or a failure) for the rest. */
    private static <T> T proxy(Class<T> type, Map<String, Object> answers) {
        return type.cast(Proxy.newProxyInstance(RateLimitHeadersTest.class.getClassLoader(), new Class<?>[]{type},
                (self, method, args) -> {
                    if (answers.containsKey(method.getName())) {
                        return answers.get(method.getName());
                    }
                    if (method.getName().equals("toString")) {
                        return type.getSimpleName() + " stand-in";
                    }
                    throw new UnsupportedOperationException(method.getName());
                }));
    }
}
