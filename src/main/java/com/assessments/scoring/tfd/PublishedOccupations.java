package com.assessments.scoring.tfd;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;

import java.util.List;
import java.util.Optional;

/** The occupations an organization has published TFD configs for: the candidates of topMatches. */
@ApplicationScoped
public class PublishedOccupations {

    private final EntityManager em;
    private final Occupations occupations;

    public PublishedOccupations(EntityManager em, Occupations occupations) {
        this.em = em;
        this.occupations = occupations;
    }

    /** The organization's published occupations; the session's own occupation when it has none published. */
    public List<Occupations.Occupation> forOrganization(String organizationId, Occupations.Occupation own) {
        @SuppressWarnings("unchecked")
        List<String> ids = em.createNativeQuery(
                        "select distinct occupation_id from tfd_configs where organization_id = ?1 and status = 'published'")
                .setParameter(1, organizationId).getResultList();
        List<Occupations.Occupation> published = ids.stream().map(occupations::find).flatMap(Optional::stream).toList();
        return published.isEmpty() ? List.of(own) : published;
    }
}
