package com.assessments.webhook.delivery;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;

/**
 * Wakes the delivery workers when new deliveries commit, so the first attempt is immediate rather than at the
 * next poll: pg_notify is transactional (sent only if the transaction commits) and reaches the listener of
 * every replica; the local worker is also woken directly after commit.
 */
@ApplicationScoped
public class DeliveryWakeUp {

    static final String CHANNEL = "webhook_deliveries";

    private final EntityManager em;
    private final TransactionSynchronizationRegistry transactions;
    private final Instance<DeliveryWorker> worker;

    public DeliveryWakeUp(EntityManager em, TransactionSynchronizationRegistry transactions, Instance<DeliveryWorker> worker) {
        this.em = em;
        this.transactions = transactions;
        this.worker = worker;
    }

    /** Call inside the transaction that queued deliveries. */
    public void afterCommit() {
        em.createNativeQuery("select pg_notify('" + CHANNEL + "', '')").getSingleResult();
        localAfterCommit();
    }

    /** Wakes this replica's worker after commit only: for a transaction that sent its pg_notify itself. */
    void localAfterCommit() {
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
            }

            @Override
            public void afterCompletion(int status) {
                if (status == Status.STATUS_COMMITTED) {
                    worker.get().wake();
                }
            }
        });
    }
}
