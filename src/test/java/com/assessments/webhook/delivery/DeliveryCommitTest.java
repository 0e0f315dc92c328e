package com.assessments.webhook.delivery;

import com.assessments.common.Sql;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The delivery worker's transactions commit without waiting for the WAL flush, and only they: every other
 * transaction (sessions, events, the deliveries' own rows) stays durable, also on a pooled connection the worker's
 * transaction used just before (SET LOCAL ends with its transaction). See DeliveryQueue's class comment for why.
 */
@QuarkusTest
class DeliveryCommitTest {

    @Inject
    DeliveryQueue queue;
    @Inject
    Sql sql;

    @Test
    void onlyTheWorkersTransactionsSkipTheFlush() {
        // the tests' server already runs with synchronous_commit off (speed), so what is compared is who set it: the
        // worker's transaction itself ("session": set_config(..., true), as SET LOCAL), every other one the server's
        // default; the same for the generic plans, parallel plans (none) and sequential scans (off: a generic plan built while
        // webhook_attempts was small scanned the whole table at every call once it had grown; the plan depends on
        // statistics, so that is shown by the benchmark's webhook phase, README session 14, not here)
        List<Object> seen = new ArrayList<>();
        for (int i = 0; i < 5; i++) { // alternating, so the pool hands the same connections to both kinds
            seen.add(queue.inWorkerTransaction(this::setting));
            seen.add(QuarkusTransaction.requiringNew().call(this::setting));
            seen.add(setting()); // outside any transaction, as the session read runs
        }
        String serverDefault = (String) seen.get(1);
        assertTrue(!serverDefault.contains(" session"), serverDefault);
        List<Object> expected = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            expected.addAll(List.of("enable_seqscan=off session, max_parallel_workers_per_gather=0 session, plan_cache_mode=force_generic_plan session,"
                    + " synchronous_commit=off session",
                    serverDefault, serverDefault));
        }
        assertEquals(expected, seen);
    }

    /**
     * What the setting is for: in the worker's transaction a statement that the pooled connection has prepared on the
     * server (pgJDBC does so from its fifth execution) runs on one generic plan, never planned again per execution;
     * in any other transaction PostgreSQL's default plans such a statement (array parameters, as the claim's) anew
     * for each of its first executions. Each run's statement text is new, so no earlier preparation counts.
     */
    @Test
    void theWorkersStatementsRunOnGenericPlans() {
        long[] worker = plansOfTenExecutions(queue::inWorkerTransaction);
        long[] other = plansOfTenExecutions(work -> QuarkusTransaction.requiringNew().call(work));
        assertEquals(0, worker[1], "custom plans in the worker's transaction");
        assertTrue(worker[0] >= 5, "generic plans in the worker's transaction: " + worker[0]);
        assertTrue(other[1] >= 5, "custom plans elsewhere (the server's default): " + other[1]);
    }

    /** Runs one array-parameter statement ten times in one transaction; its generic and custom plan counts. */
    private long[] plansOfTenExecutions(java.util.function.Function<java.util.concurrent.Callable<long[]>, long[]> transaction) {
        String marker = "plan-probe-" + System.nanoTime();
        String probe = "select count(*) from webhook_deliveries where id = any (?1) and next_attempt_at <= ?2 /* " + marker + " */";
        return transaction.apply(() -> {
            for (int i = 0; i < 10; i++) {
                sql.column(probe, new String[]{"wd_probe_" + i}, Instant.now());
            }
            Object[] counts = sql.rows("select generic_plans, custom_plans from pg_prepared_statements where strpos(statement, ?1) > 0"
                    + " and strpos(statement, 'pg_prepared_statements') = 0", marker).get(0);
            return new long[]{((Number) counts[0]).longValue(), ((Number) counts[1]).longValue()};
        });
    }

    @Test
    void theWorkersTransactionStillCommitsAndRollsBack() {
        String marker = "commit-test-" + System.nanoTime();
        // a real table, so that the count reads the commit through whichever connection the pool hands out
        QuarkusTransaction.requiringNew().run(() -> sql.update("create table if not exists commit_probe_t (v text)"));
        try {
            queue.inWorkerTransaction(() -> sql.update("insert into commit_probe_t values (?1)", marker));
            assertEquals(List.of(1L), QuarkusTransaction.requiringNew().call(() -> sql.column("select count(*) from commit_probe_t where v = ?1", marker)));
            assertThrows(IllegalStateException.class, () -> queue.inWorkerTransaction(() -> {
                sql.update("insert into commit_probe_t values (?1)", marker + "-rolled-back");
                throw new IllegalStateException("roll back");
            }));
            assertEquals(List.of(0L), QuarkusTransaction.requiringNew().call(() -> sql.column("select count(*) from commit_probe_t where v = ?1", marker + "-rolled-back")));
        } finally { // the table is the test's own, also when an assertion fails
            QuarkusTransaction.requiringNew().run(() -> sql.update("drop table commit_probe_t"));
        }
    }

    /**
     * The worker's last call at shutdown records what finished and claims nothing: with nothing finished it opens no
     * transaction (in dev mode the database is stopped by then, and the empty transaction logged a warning). Shown
     * inside a JTA transaction, where the worker's own transaction is refused: the call that opens none returns.
     */
    @Test
    void nothingToRecordAndNothingToClaimOpensNoTransaction() {
        DeliveryQueue.Claim claim = QuarkusTransaction.requiringNew().call(
                () -> queue.recordAndClaim(List.of(), Instant.now(), 0, false, new String[0], "commit-test", false));
        assertEquals(List.of(), claim.rows());
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> QuarkusTransaction.requiringNew().run(() -> queue.inWorkerTransaction(() -> null)));
        assertTrue(refused.getMessage().contains("inside another transaction"), refused.getMessage());
    }

    private Object setting() {
        return sql.column("""
                select string_agg(name || '=' || setting || ' ' || source, ', ' order by name) from pg_settings
                where name in ('synchronous_commit', 'plan_cache_mode', 'enable_seqscan', 'max_parallel_workers_per_gather')""").get(0);
    }
}
