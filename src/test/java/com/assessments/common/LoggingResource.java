package com.assessments.common;

import io.smallrye.common.annotation.Blocking;
import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import org.jboss.logging.Logger;

/** Test-only routes that log while handling a request: on a worker thread, a virtual thread and the event loop. */
@Path("/test-only/log")
public class LoggingResource {

    private static final Logger LOG = Logger.getLogger(LoggingResource.class);

    @GET
    @Path("worker")
    @Blocking
    public String worker() {
        LOG.error("something went wrong on a worker thread");
        return "logged";
    }

    @GET
    @Path("virtual")
    @RunOnVirtualThread
    public String virtual() {
        LOG.error("something went wrong on a " + (Thread.currentThread().isVirtual() ? "virtual" : "platform") + " thread");
        return "logged";
    }

    @GET
    @Path("event-loop")
    @NonBlocking
    public String eventLoop() {
        LOG.error("something went wrong on the event loop");
        throw new IllegalStateException("failing on the event loop");
    }
}
