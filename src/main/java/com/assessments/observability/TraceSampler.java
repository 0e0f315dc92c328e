package com.assessments.observability;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.opentelemetry.sdk.trace.samplers.SamplingResult;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

import java.util.List;

/**
 * Which traces are kept: every trace a request or a delivery attempt starts (parent-based, always on), but not the
 * database statements of background work that runs outside any span (rate-limit flushes every 100 ms, claims,
 * cache checks): each would be a one-span trace of its own, thousands an hour per replica, of no use to anyone.
 */
public class TraceSampler {

    private static final AttributeKey<String> DB_SYSTEM = AttributeKey.stringKey("db.system");
    private static final AttributeKey<String> DB_SYSTEM_NAME = AttributeKey.stringKey("db.system.name");

    @Produces
    @Singleton
    Sampler sampler() {
        return Sampler.parentBased(new RootSampler());
    }

    /** A root span: kept, unless it is a lone database statement. */
    static final class RootSampler implements Sampler {
        @Override
        public SamplingResult shouldSample(Context parentContext, String traceId, String name, SpanKind spanKind,
                                           Attributes attributes, List<LinkData> parentLinks) {
            if (spanKind == SpanKind.CLIENT && (attributes.get(DB_SYSTEM) != null || attributes.get(DB_SYSTEM_NAME) != null)) {
                return SamplingResult.drop();
            }
            return SamplingResult.recordAndSample();
        }

        @Override
        public String getDescription() {
            return "AlwaysOnExceptLoneDatabaseStatements";
        }
    }
}
