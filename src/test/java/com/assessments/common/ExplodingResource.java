package com.assessments.common;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;

/** Test-only route that fails the way a bug would, to prove nothing of it leaks to the caller. */
@Path("/test-only/explode")
public class ExplodingResource {

    @GET
    public String explode() {
        throw new IllegalStateException("secret internals: com.assessments.SomeClass failed at line 42");
    }
}
