package com.assessments.status;

import com.assessments.api.model.CronCheck;
import com.assessments.api.model.DatabaseCheck;
import com.assessments.api.model.HealthStatus;
import com.assessments.api.model.StatusChecks;
import com.assessments.api.model.StatusResponse;
import com.assessments.api.model.WebhookQueueCheck;
import com.assessments.common.Times;

/** A health report to the contract's StatusResponse. */
public final class StatusMapper {

    private StatusMapper() {
    }

    public static StatusResponse toDto(PlatformHealth.Report r, String version) {
        return new StatusResponse()
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
                .version(version)
                .timestamp(Times.utc(r.timestamp()));
    }
}
