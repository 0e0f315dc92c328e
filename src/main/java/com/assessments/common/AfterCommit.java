package com.assessments.common;

import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;

/** Work for after the caller's JTA transaction commits (a wake-up, a cache drop); none if it rolls back. */
public final class AfterCommit {

    private AfterCommit() {
    }

    /** Runs {@code action} on the committing thread once the current transaction has committed. */
    public static void run(TransactionSynchronizationRegistry transactions, Runnable action) {
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
            }

            @Override
            public void afterCompletion(int status) {
                if (status == Status.STATUS_COMMITTED) {
                    action.run();
                }
            }
        });
    }
}
