package com.assessments.key;

import com.assessments.common.Hashing;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

import java.util.List;
import java.util.Optional;

/** Finds the session behind a runner's session token (stored as a SHA-256 digest, like API keys). */
@ApplicationScoped
public class SessionTokens {

    private final EntityManager em;

    public SessionTokens(EntityManager em) {
        this.em = em;
    }

    public Optional<Caller.SessionPrincipal> authenticate(String token) {
        byte[] hash = Hashing.sha256(token);
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery(
                        "select id, organization_id, environment, token_hash from sessions where token_hash = ?1 and deleted_at is null")
                .setParameter(1, hash).getResultList();
        return rows.stream()
                .filter(r -> Hashing.constantTimeEquals((byte[]) r[3], hash))
                .map(r -> new Caller.SessionPrincipal((String) r[0], (String) r[1], (String) r[2]))
                .findFirst();
    }
}
