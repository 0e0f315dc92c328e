package com.assessments.catalogue.rest;

import com.assessments.api.TfdApi;
import com.assessments.api.model.TfdConfig;
import com.assessments.api.model.TfdConfigList;
import com.assessments.key.Caller;
import jakarta.persistence.EntityManager;
import jakarta.ws.rs.core.Response;

import java.util.List;

/** GET /api/v1/tfd/configs: the organization's published TFD configs (one occupation and one question pool each). */
public class TfdConfigsResource implements TfdApi {

    private final EntityManager em;
    private final Caller caller;

    public TfdConfigsResource(EntityManager em, Caller caller) {
        this.em = em;
        this.caller = caller;
    }

    @Override
    public Response listTfdConfigs() {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("""
                        select id, occupation_id, occupation_name, mode, language, total_questions from tfd_configs
                        where organization_id = ?1 and status = 'published' order by occupation_name, id""")
                .setParameter(1, caller.organizationId()).getResultList();
        return Response.ok(new TfdConfigList().configs(rows.stream().map(r -> new TfdConfig()
                .id((String) r[0]).occupationId((String) r[1]).occupationName((String) r[2]).mode((String) r[3])
                .language((String) r[4]).totalQuestions(((Number) r[5]).intValue())).toList())).build();
    }
}
