package com.assessments.sdk;

import com.assessments.sdk.model.AssessmentType;
import com.assessments.sdk.model.SessionStatus;

import java.time.OffsetDateTime;

/** Filters and page size of {@link SessionsService#list(SessionListParams)}; every member optional. */
public final class SessionListParams {

    SessionStatus status;
    AssessmentType assessmentType;
    String candidateId;
    OffsetDateTime createdAfter;
    OffsetDateTime createdBefore;
    Integer limit;

    public SessionListParams status(SessionStatus value) {
        status = value;
        return this;
    }

    public SessionListParams assessmentType(AssessmentType value) {
        assessmentType = value;
        return this;
    }

    /** Only sessions whose `candidate.externalId` equals this. */
    public SessionListParams candidateId(String value) {
        candidateId = value;
        return this;
    }

    /** Inclusive. */
    public SessionListParams createdAfter(OffsetDateTime value) {
        createdAfter = value;
        return this;
    }

    /** Exclusive. */
    public SessionListParams createdBefore(OffsetDateTime value) {
        createdBefore = value;
        return this;
    }

    /** Page size, 1 to 100 (the service's default is 20). */
    public SessionListParams limit(int value) {
        limit = value;
        return this;
    }
}
