package com.assessments.jobs;

import io.quarkus.runtime.ShutdownDelayInitiatedEvent;
import io.quarkus.scheduler.Scheduler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Default;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;
import org.jboss.logging.Logger;

/**
 * The first step of a graceful shutdown (quarkus.shutdown.delay-enabled): when SIGTERM arrives, readiness goes DOWN
 * and the scheduler starts no new job run, so no replica that is going away claims new rows (expiry, reports,
 * webhook polling, housekeeping). Requests keep being served during quarkus.shutdown.delay, while load balancers
 * notice; then Quarkus refuses new requests and waits up to quarkus.shutdown.timeout for those in flight. Runs that
 * already started finish, or their claims run out (the webhook lease) and another replica takes the rows over.
 *
 * <p>Other background work can ask {@link #draining()} before it claims anything.
 */
@Readiness
@Default // also injectable without the health qualifier, for work that must not start while draining
@ApplicationScoped
public class Drain implements HealthCheck {

    static final String CHECK = "drain";
    private static final Logger LOG = Logger.getLogger(Drain.class);

    private final Scheduler scheduler;
    private volatile boolean draining;

    public Drain(Scheduler scheduler) {
        this.scheduler = scheduler;
    }

    void onShutdownDelay(@Observes ShutdownDelayInitiatedEvent event) {
        begin();
    }

    /** Stops taking new work: readiness DOWN, no new scheduled runs. */
    public void begin() {
        if (!draining) {
            draining = true;
            scheduler.pause();
            LOG.info("shutting down: readiness is DOWN and no new background job starts; serving requests in flight");
        }
    }

    public boolean draining() {
        return draining;
    }

    /** Back to normal (tests only: a real drain ends with the process). */
    void end() {
        draining = false;
        scheduler.resume();
    }

    @Override
    public HealthCheckResponse call() {
        return draining ? HealthCheckResponse.down(CHECK) : HealthCheckResponse.up(CHECK);
    }
}
