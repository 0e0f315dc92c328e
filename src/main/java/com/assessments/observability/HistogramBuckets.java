package com.assessments.observability;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import java.time.Duration;

/**
 * Latency histograms (Prometheus _bucket series) for the timers alerts and dashboards take quantiles of: HTTP
 * requests, scoring, jobs and webhook delivery latency. A fixed, short list of buckets keeps the series count bounded.
 */
public class HistogramBuckets {

    private static final double[] SECONDS = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};
    /** Webhook delivery latency: sub-second when the receiver is up, then the retry schedule (1 m ... 12 h later). */
    private static final double[] DELIVERY_SECONDS = {0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 3600, 7200, 21600, 86400};

    @Produces
    @Singleton
    MeterFilter latencyBuckets() {
        return new MeterFilter() {
            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                String name = id.getName();
                if (name.equals("http.server.requests") || name.equals("assessments.scoring.duration")
                        || name.equals("assessments.jobs.duration")) {
                    return buckets(SECONDS).merge(config);
                }
                if (name.equals(DeliveryTelemetry.LATENCY)) {
                    return buckets(DELIVERY_SECONDS).merge(config);
                }
                return config;
            }
        };
    }

    private static DistributionStatisticConfig buckets(double[] seconds) {
        return DistributionStatisticConfig.builder()
                .serviceLevelObjectives(java.util.Arrays.stream(seconds).map(s -> Duration.ofMillis(Math.round(s * 1000)).toNanos())
                        .toArray())
                .build();
    }
}
