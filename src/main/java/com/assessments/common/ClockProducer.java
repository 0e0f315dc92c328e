package com.assessments.common;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import java.time.Clock;

/** The one source of "now". Tests replace it with a settable clock, so time-based rules run without sleeping. */
@ApplicationScoped
public class ClockProducer {

    @Produces
    @DefaultBean
    @Singleton // no client proxy in front of every clock.instant()
    Clock clock() {
        return Clock.systemUTC();
    }
}
