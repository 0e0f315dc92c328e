package com.assessments.webhook.delivery;

import com.assessments.common.AfterCommit;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * Wakes the delivery workers when new deliveries commit (or an endpoint is enabled), so the first attempt is
 * immediate rather than at the next poll: this replica's worker directly, the other replicas' through {@link ReplicaNotifier} (pg_notify, sent
 * after the commit, not in the transaction that queued the deliveries: see there why).
 */
@ApplicationScoped
public class DeliveryWakeUp {

    static final String CHANNEL = "webhook_deliveries";

    private final TransactionSynchronizationRegistry transactions;
    private final Instance<DeliveryWorker> worker;
    private final ReplicaNotifier replicas;

    public DeliveryWakeUp(TransactionSynchronizationRegistry transactions, Instance<DeliveryWorker> worker,
                          ReplicaNotifier replicas) {
        this.transactions = transactions;
        this.worker = worker;
        this.replicas = replicas;
    }

    /** Call inside the transaction that queued deliveries: nothing is woken if it rolls back. */
    public void afterCommit() {
        AfterCommit.run(transactions, () -> {
            worker.get().wake();
            replicas.notifySoon();
        });
    }
}
