package com.assessments.report;

import java.util.Optional;

/** Where rendered reports are kept (the database today; an object store could implement this later). */
public interface ReportStore {

    Optional<byte[]> get(String sessionId);

    /** Stores the report unless one is stored already; returns true when this call stored it. */
    boolean put(String sessionId, byte[] pdf);

    /** Right to forget: removes the session's report, if there is one. */
    void forget(String sessionId);
}
