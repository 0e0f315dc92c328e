package com.assessments.sdk;

import com.assessments.sdk.model.EventType;

import java.time.OffsetDateTime;

/** Filters and page size of {@link EventsService#list(EventListParams)}; every member optional. */
public final class EventListParams {

    EventType type;
    String sessionId;
    OffsetDateTime createdAfter;
    OffsetDateTime createdBefore;
    Integer limit;

    public EventListParams type(EventType value) {
        type = value;
        return this;
    }

    public EventListParams sessionId(String value) {
        sessionId = value;
        return this;
    }

    /** Inclusive. */
    public EventListParams createdAfter(OffsetDateTime value) {
        createdAfter = value;
        return this;
    }

    /** Exclusive. */
    public EventListParams createdBefore(OffsetDateTime value) {
        createdBefore = value;
        return this;
    }

    /** Page size, 1 to 100 (the service's default is 20). */
    public EventListParams limit(int value) {
        limit = value;
        return this;
    }
}
