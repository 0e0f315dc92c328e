package com.assessments.status.rest;

import com.assessments.api.StatusApi;
import com.assessments.api.model.CronCheck;
import com.assessments.api.model.DatabaseCheck;
import com.assessments.api.model.HealthStatus;
import com.assessments.api.model.StatusChecks;
import com.assessments.api.model.StatusResponse;
import com.assessments.api.model.WebhookQueueCheck;
import com.assessments.common.Times;
import com.assessments.status.PlatformHealth;
import com.assessments.status.StatusConfig;
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
    public Response getStatus() {
        PlatformHealth.Report r = health.check();
        StatusResponse body = new StatusResponse()
                .status(HealthStatus.fromValue(r.status()))
                .checks(new StatusChecks()
                        .database(new DatabaseCheck().ok(r.databaseOk()).latencyMs(r.databaseLatencyMs()))
                        .webhookQueue(new WebhookQueueCheck().ok(r.queueOk())
                                .pendingCount(r.queue().pending())
                                .retryingCount(r.queue().retrying())
                                .heldCount(r.queue().held())
                                .dlqCount(r.queue().dead())
                                .undeliveredCount(r.queue().undelivered()))
                        .cron(new CronCheck().ok(r.cronOk()).lastRunAt(Times.utc(r.cronLastRunAt()))))
                .version(config.version())
                .timestamp(Times.utc(r.timestamp()));
        return Response.ok(body).header("Cache-Control", "no-store").build();
    }
}
