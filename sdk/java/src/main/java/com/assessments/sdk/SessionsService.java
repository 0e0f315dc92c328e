package com.assessments.sdk;

import com.assessments.sdk.internal.api.SessionsApi;
import com.assessments.sdk.model.CreateSessionRequest;
import com.assessments.sdk.model.Session;
import com.assessments.sdk.model.SessionDetail;
import com.assessments.sdk.model.SessionList;
import com.assessments.sdk.model.SessionSummary;
import com.assessments.sdk.model.SubmitRequest;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Objects;
import java.util.UUID;

/** Assessment sessions: create, retrieve, list, submit, delete, and the PDF report. */
public final class SessionsService {

    private final SessionsApi api;
    private final Transport transport;

    SessionsService(SessionsApi api, Transport transport) {
        this.api = api;
        this.transport = transport;
    }

    /** Creates a session with a new random `Idempotency-Key` (reused by this call's retries). */
    public Session create(CreateSessionRequest request) {
        return create(request, newIdempotencyKey());
    }

    /** Creates a session; the same key and body replay the first answer instead of creating a second session. */
    public Session create(CreateSessionRequest request, String idempotencyKey) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(idempotencyKey, "idempotencyKey");
        return transport.execute(true, () -> api.createSessionWithHttpInfo(request, idempotencyKey));
    }

    /** The session with its results (`results` is null until scored). */
    public SessionDetail retrieve(String id) {
        return transport.execute(true, () -> api.getSessionWithHttpInfo(id));
    }

    /** The first page of the organization's sessions, newest first. */
    public Page<SessionSummary> list() {
        return list(new SessionListParams());
    }

    /** The first page of the sessions matching the filters; walk on with {@link Page#autoPagingIterable()}. */
    public Page<SessionSummary> list(SessionListParams params) {
        return listAt(params, 0);
    }

    private Page<SessionSummary> listAt(SessionListParams p, int offset) {
        SessionList list = transport.execute(true, () -> api.listSessionsWithHttpInfo(p.status, p.assessmentType,
                p.candidateId, p.createdAfter, p.createdBefore, p.limit, offset));
        return new Page<>(list.getData(), list.getTotal(), list.getLimit(), list.getOffset(), next -> listAt(p, next));
    }

    /** Submits the candidate's responses with a new random `Idempotency-Key`; answers the scored (or failed) session. */
    public SessionDetail submit(String id, SubmitRequest request) {
        return submit(id, request, newIdempotencyKey());
    }

    public SessionDetail submit(String id, SubmitRequest request, String idempotencyKey) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(idempotencyKey, "idempotencyKey");
        return transport.execute(true, () -> api.submitSessionWithHttpInfo(id, request, idempotencyKey));
    }

    /** Soft-deletes the session: its personal data and results are blanked, later reads answer 404. */
    public void delete(String id) {
        transport.execute(true, () -> api.deleteSessionWithHttpInfo(id));
    }

    /** The PDF report of a completed session (`session_not_completed` before). */
    public byte[] reportPdf(String id) {
        // the generated client streams the PDF into a temporary file: read it and remove it
        File file = transport.execute(true, () -> api.getSessionReportPdfWithHttpInfo(id));
        try {
            return Files.readAllBytes(file.toPath());
        } catch (IOException e) {
            throw new UncheckedIOException("reading the downloaded report " + file, e);
        } finally {
            file.delete();
        }
    }

    static String newIdempotencyKey() {
        return UUID.randomUUID().toString();
    }
}
