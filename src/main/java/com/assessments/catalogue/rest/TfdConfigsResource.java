package com.assessments.catalogue.rest;

import com.assessments.api.TfdApi;
import com.assessments.api.model.TfdConfigList;
import com.assessments.catalogue.TfdConfigMapper;
import com.assessments.catalogue.TfdConfigs;
import com.assessments.key.Caller;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.ws.rs.core.Response;

/** GET /api/v1/tfd/configs: the organization's published TFD configs (one occupation and one question pool each). */
public class TfdConfigsResource implements TfdApi {

    private final TfdConfigs configs;
    private final Caller caller;

    public TfdConfigsResource(TfdConfigs configs, Caller caller) {
        this.configs = configs;
        this.caller = caller;
    }

    @Override
    @RunOnVirtualThread
    public Response listTfdConfigs() {
        return Response.ok(new TfdConfigList().configs(configs.published(caller.organizationId()).stream()
                .map(TfdConfigMapper::toDto).toList())).build();
    }
}
