package com.assessments.session;

import com.assessments.common.Hashing;
import com.assessments.key.Caller;
import com.assessments.key.SessionTokens;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

import java.util.List;
import java.util.Optional;

/** Session tokens are looked up by digest (sessions_token_lookup), on every runner call: four columns, not the row. */
@ApplicationScoped
public class SessionTokenLookup implements SessionTokens {

    private final EntityManager em;

    public SessionTokenLookup(EntityManager em) {
        this.em = em;
    }

    @Override
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
