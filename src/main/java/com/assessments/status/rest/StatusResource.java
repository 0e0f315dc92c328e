package com.assessments.status.rest;

import com.assessments.api.StatusApi;
import com.assessments.api.model.StatusResponse;
import com.assessments.status.PlatformHealth;
import com.assessments.status.StatusConfig;
import com.assessments.status.StatusMapper;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.ws.rs.core.Response;

/** GET /api/v1/status: no auth, always 200; the verdict is in the body. CORS for any origin comes from the HTTP edge. */
public class StatusResource implements StatusApi {

    private final PlatformHealth health;
    private final StatusConfig config;

    public StatusResource(PlatformHealth health, StatusConfig config) {
        this.health = health;
        this.config = config;
    }

    @Override
    @RunOnVirtualThread
    public Response getStatus() {
        StatusResponse body = StatusMapper.toDto(health.check(), config.version());
        return Response.ok(body).header("Cache-Control", "no-store").build();
    }
}
