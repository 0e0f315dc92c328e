package com.assessments.idempotency;

import com.assessments.common.Hashing;
import com.assessments.common.SecretBox;
import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Idempotency-Key handling, inside the caller's transaction: {@link #once} runs a request at most once per key.
 * {@link #claim} inserts the key first: a
 * concurrent request with the same key blocks on the primary key until the first one commits (and then
 * replays its stored response) or rolls back (and then runs itself). So two requests can never both run,
 * and only successful responses are kept. Replayed bodies are stored encrypted: they may hold a session
 * token or candidate data.
 */
@ApplicationScoped
public class Idempotency {

    public static final String REPLAYED_HEADER = "Idempotent-Replayed";
    static final Duration RETENTION = Duration.ofHours(24);

    /** A stored response to send again. */
    public record Replay(int status, String body) {
    }

    /** A response to send: the one made now, or a stored one replayed (its JSON text, sent byte for byte). */
    public record Outcome(int status, Object body, boolean replayed) {
    }

    /** What a request made: its successful response, and the resource it is about (erased with it by {@link #forget}). */
    public record Made(int status, Object body, String resourceId) {
    }

    /**
     * Who the key belongs to and what it was used for. Keys are unique per organization and environment (like
     * Stripe's per account and mode); a record made by an API key also remembers the key's lineage (the key and
     * its rotations), and only that lineage may replay it. {@code lineageId} is null for session-token requests,
     * whose route names the session.
     */
    public record Scope(String organizationId, String environment, String key, String route, String lineageId) {
    }

    private final EntityManager em;
    private final ObjectMapper mapper;
    private final SecretBox box;
    private final Clock clock;

    public Idempotency(EntityManager em, ObjectMapper mapper, SecretBox box, Clock clock) {
        this.em = em;
        this.mapper = mapper;
        this.box = box;
        this.clock = clock;
    }

    /**
     * The whole sequence for one request: with no scope (no Idempotency-Key sent) the action just runs; otherwise the
     * key is claimed first ({@link #claim}: a request that succeeded before is replayed and the action does not run),
     * then the action runs and its response is stored ({@link #complete}). What the action throws (nothing is stored)
     * rolls the caller's transaction back, the claim with it, so the key can be retried. Check the caller's
     * permissions for the request before this, so a replay never hands out what the caller could not have made.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public Outcome once(Scope scope, Object request, Supplier<Made> action) {
        if (scope != null) {
            Optional<Replay> replay = claim(scope, request);
            if (replay.isPresent()) {
                return new Outcome(replay.get().status(), replay.get().body(), true);
            }
        }
        Made made = action.get();
        if (scope != null) {
            complete(scope, made.status(), made.body(), made.resourceId());
        }
        return new Outcome(made.status(), made.body(), false);
    }

    /**
     * Claims the key for this request. Empty: go ahead (and call {@link #complete}). A replay: the same request
     * succeeded before. Throws 409 idempotency_conflict when the key was used by another key lineage, for another
     * request or route, or for a session that has since been deleted. Callers check the caller's permissions
     * for the request before claiming, so a replay never hands out what the caller could not have made.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    Optional<Replay> claim(Scope scope, Object request) {
        byte[] hash = requestHash(scope.route(), request);
        Instant now = clock.instant();
        // An expired record is free again; delete it so the insert below can take the key.
        em.createNativeQuery("delete from idempotency_records where organization_id = ?1 and environment = ?2"
                        + " and idempotency_key = ?3 and expires_at <= ?4")
                .setParameter(1, scope.organizationId()).setParameter(2, scope.environment())
                .setParameter(3, scope.key()).setParameter(4, now).executeUpdate();
        int inserted = em.createNativeQuery("""
                        insert into idempotency_records (organization_id, environment, idempotency_key, route, request_hash,
                            state, created_at, expires_at, key_lineage_id)
                        values (?1, ?2, ?3, ?4, ?5, 'in_progress', ?6, ?7, ?8) on conflict do nothing""")
                .setParameter(1, scope.organizationId()).setParameter(2, scope.environment()).setParameter(3, scope.key())
                .setParameter(4, scope.route()).setParameter(5, hash).setParameter(6, now).setParameter(7, now.plus(RETENTION))
                .setParameter(8, scope.lineageId())
                .executeUpdate();
        if (inserted == 1) {
            return Optional.empty();
        }
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("""
                        select r.route, r.request_hash, r.state, r.response_status, r.response_body, s.deleted_at, r.key_lineage_id
                        from idempotency_records r left join sessions s on s.id = r.resource_id
                        where r.organization_id = ?1 and r.environment = ?2 and r.idempotency_key = ?3""")
                .setParameter(1, scope.organizationId()).setParameter(2, scope.environment()).setParameter(3, scope.key())
                .getResultList();
        if (rows.isEmpty()) {
            // the holder rolled back between our insert and select: very rare; the client may simply retry
            throw new ApiException(ErrorCode.IDEMPOTENCY_IN_PROGRESS, "A request with this Idempotency-Key was just being processed; retry.");
        }
        Object[] row = rows.get(0);
        if (row[6] != null && !row[6].equals(scope.lineageId())) {
            // another credential's request: its response (a session token, candidate data) is not ours to see
            throw conflict("This Idempotency-Key was used by another API key of this organization; choose a new key.",
                    "different_key");
        }
        if (!scope.route().equals(row[0])) {
            throw conflict("This Idempotency-Key was used for another operation.", "different_route");
        }
        if (!Hashing.constantTimeEquals((byte[]) row[1], hash)) {
            throw conflict("This Idempotency-Key was used with a different request body.", "different_request");
        }
        if ("in_progress".equals(row[2])) {
            throw new ApiException(ErrorCode.IDEMPOTENCY_IN_PROGRESS, "A request with this Idempotency-Key is still being processed; retry shortly.");
        }
        if (row[5] != null || row[4] == null) {
            throw conflict("This Idempotency-Key belongs to a session that was deleted; choose a new key.", "session_deleted");
        }
        return Optional.of(new Replay(((Number) row[3]).intValue(), box.open((byte[]) row[4])));
    }

    /** Stores the successful response of a claimed key, for replays within 24 hours. */
    @Transactional(Transactional.TxType.MANDATORY)
    void complete(Scope scope, int status, Object responseBody, String resourceId) {
        String json;
        try {
            json = mapper.writeValueAsString(responseBody);
        } catch (Exception e) {
            throw new IllegalStateException("cannot serialise the response to store it", e);
        }
        em.createNativeQuery("""
                        update idempotency_records set state = 'completed', response_status = ?4, response_body = ?5, resource_id = ?6
                        where organization_id = ?1 and environment = ?2 and idempotency_key = ?3""")
                .setParameter(1, scope.organizationId()).setParameter(2, scope.environment()).setParameter(3, scope.key())
                .setParameter(4, status).setParameter(5, box.seal(json)).setParameter(6, resourceId)
                .executeUpdate();
    }

    /** Right to forget: stored responses about the session are erased (the keys stay, refusing reuse). */
    @Transactional(Transactional.TxType.MANDATORY)
    public void forget(String sessionId) {
        em.createNativeQuery("update idempotency_records set response_body = null where resource_id = ?1")
                .setParameter(1, sessionId).executeUpdate();
    }

    /**
     * Housekeeping: deletes at most {@code limit} records past their 24 hours, in its own transaction; returns how many.
     * Safe on every replica at once: the rows are claimed with FOR UPDATE SKIP LOCKED, so two replicas never wait for,
     * or delete, the same rows.
     */
    @Transactional
    public int deleteExpired(Instant now, int limit) {
        return em.createNativeQuery("""
                        delete from idempotency_records where ctid in (
                            select ctid from idempotency_records where expires_at <= ?1
                            limit ?2 for update skip locked)
                        """)
                .setParameter(1, now).setParameter(2, limit)
                .executeUpdate();
    }

    public static ApiException conflict(String message, String reason) {
        return new ApiException(ErrorCode.IDEMPOTENCY_CONFLICT, message, Map.of("reason", reason));
    }

    /** SHA-256 over the route and the request as canonical JSON (object keys sorted), so key order does not matter. */
    byte[] requestHash(String route, Object request) {
        JsonNode tree = mapper.valueToTree(request);
        return Hashing.sha256(route + "\n" + canonical(tree));
    }

    private String canonical(JsonNode node) {
        if (node.isObject()) {
            TreeMap<String, JsonNode> sorted = new TreeMap<>();
            node.fields().forEachRemaining(e -> sorted.put(e.getKey(), e.getValue()));
            StringBuilder sb = new StringBuilder("{");
            sorted.forEach((k, v) -> sb.append(mapper.valueToTree(k).toString()).append(':').append(canonical(v)).append(','));
            return sb.append('}').toString();
        }
        if (node.isArray()) {
            StringBuilder sb = new StringBuilder("[");
            node.forEach(v -> sb.append(canonical(v)).append(','));
            return sb.append(']').toString();
        }
        return node.toString();
    }
}
