package com.assessments.common;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.transaction.TransactionSynchronizationRegistry;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link Sql} against the suite's PostgreSQL: ordinals bound at every use, each parameter type, reads, transactions (JTA and
 * local), queued writes.
 */
@QuarkusTest
class SqlTest {

    @Inject
    Sql sql;
    @Inject
    jakarta.transaction.TransactionManager transactionManager;
    @Inject
    EntityManager em;
    @Inject
    DataSource dataSource;
    @Inject
    TransactionSynchronizationRegistry registry;

    @Test
    void anOrdinalUsedTwiceIsBoundTwiceAndOrdinalsMayComeInAnyOrder() {
        List<Object[]> rows = sql.rows("select ?2::text || ?1::text || ?2::text, ?1::text", "a", "b");
        assertEquals(1, rows.size());
        assertArrayEquals(new Object[]{"bab", "a"}, rows.get(0));
    }

    @Test
    void anArrayAndATimeUsedSeveralTimesAreEachBoundAtEveryUse() {
        Instant t = Instant.parse("2026-02-28T23:59:59.123456Z");
        Object[] row = sql.rows("select cardinality(?1::text[]) + cardinality(?1::text[]), (?1::text[])[2], ?2::timestamptz,"
                + " ?2::timestamptz + interval '1 day', ?1::text[] = array['a', null]::text[], ?3::text",
                new String[]{"a", null}, t, "z").get(0);
        assertEquals(4, row[0]);
        assertNull(row[1]);
        assertEquals(t, row[2]);
        assertEquals(t.plusSeconds(86_400), row[3]);
        assertEquals(true, row[4]);
        assertEquals("z", row[5]);
    }

    @Test
    void everyParameterTypeRoundTrips() {
        Instant t = Instant.parse("9999-12-31T23:59:59.999999Z"); // the calendar's edge, to the microsecond kept
        Object[] row = sql.rows("select ?1::int, ?2::bigint, ?3::boolean, ?4::timestamptz, cardinality(?5::text[]), (?5::text[])[2],"
                + " ?6::text is null, ?7::text", 42, 1L << 40, true, t, new String[]{"x", null, "\u00e9"}, null, "").get(0);
        assertEquals(42, row[0]);
        assertEquals(1L << 40, row[1]);
        assertEquals(true, row[2]);
        assertEquals(t, row[3]);
        assertEquals(3, row[4]);
        assertNull(row[5], "null inside a text[] stays null");
        assertEquals(true, row[6]);
        assertEquals("", row[7], "an empty string is not null");
    }

    @Test
    void timestampsReadBackAsInstants() {
        Object value = sql.column("select timestamptz '2026-02-28 23:00:00-05'").get(0);
        assertEquals(Instant.parse("2026-03-01T04:00:00Z"), value);
        assertNull(sql.column("select null::timestamptz").get(0));
    }

    @Test
    void writesJoinTheCallersTransaction() {
        sql.update("create table if not exists sql_test_rows (v text)");
        sql.update("delete from sql_test_rows");
        QuarkusTransaction.requiringNew().run(() -> {
            assertEquals(1, sql.update("insert into sql_test_rows values (?1)", "kept"));
        });
        assertThrows(RuntimeException.class, () -> QuarkusTransaction.requiringNew().run(() -> {
            sql.update("insert into sql_test_rows values (?1)", "rolled back");
            throw new IllegalStateException("fail after the insert");
        }));
        assertEquals(List.of("kept"), sql.column("select v from sql_test_rows order by v"));
        sql.update("drop table sql_test_rows");
    }

    @Test
    void aLocalTransactionRunsItsStatementsOnOneConnectionAndCommitsOrRollsBack() {
        sql.update("create table if not exists sql_local_rows (v text)");
        sql.update("delete from sql_local_rows");
        List<String> committed = new java.util.ArrayList<>();
        Object[] seen = sql.inLocalTransaction(() -> {
            sql.column("select set_config('application_name', 'sql-local-test', true)");
            sql.update("insert into sql_local_rows values (?1)", "kept");
            sql.afterCommit(() -> committed.add("counted"));
            assertEquals(List.of(), committed, "nothing runs before the commit");
            return sql.rows("select current_setting('application_name'), now() = statement_timestamp()").get(0);
        });
        assertEquals("sql-local-test", seen[0], "a later statement sees the transaction's own setting: one connection");
        assertEquals(false, seen[1], "one transaction: now() is its start, not the last statement's");
        assertEquals(List.of("counted"), committed);

        IllegalStateException thrown = new IllegalStateException("fail after the insert");
        assertSame(thrown, assertThrows(IllegalStateException.class, () -> sql.inLocalTransaction(() -> {
            sql.update("insert into sql_local_rows values (?1)", "rolled back");
            sql.afterCommit(() -> committed.add("never"));
            throw thrown;
        })), "the work's own exception, as it is");
        assertEquals(List.of("kept"), sql.column("select v from sql_local_rows order by v"));
        assertEquals(List.of("counted"), committed, "nothing runs after a rollback");
        assertThrows(IllegalStateException.class, () -> sql.afterCommit(() -> { }), "outside a local transaction");
        sql.update("drop table sql_local_rows");
    }

    @Test
    void anErrorRollsBackAndIsThrownAsItIsAndAFailingActionAfterTheCommitIsOnlyLogged() {
        sql.update("create table if not exists sql_local_error (v text)");
        StackOverflowError struck = new StackOverflowError("struck");
        assertSame(struck, assertThrows(StackOverflowError.class, () -> sql.inLocalTransaction(() -> {
            sql.update("insert into sql_local_error values (?1)", "rolled back");
            throw struck;
        })));
        assertEquals(List.of(0L), sql.column("select count(*) from sql_local_error"));

        List<String> ran = new java.util.ArrayList<>();
        assertEquals("done", sql.inLocalTransaction(() -> {
            sql.update("insert into sql_local_error values (?1)", "kept");
            sql.afterCommit(() -> {
                throw new IllegalStateException("a failing counter");
            });
            sql.afterCommit(() -> ran.add("the next action"));
            return "done";
        }), "committed: a failing action afterwards does not make it look failed");
        assertEquals(List.of("the next action"), ran);
        assertEquals(List.of("kept"), sql.column("select v from sql_local_error"));
        sql.update("drop table sql_local_error");
    }

    /**
     * Work that fails after beginning a JTA transaction makes the pooled connection refuse the rollback (it is not
     * enlisted in that transaction); switching auto-commit back on, as the pool does when the connection comes back,
     * would then commit the insert.
     */
    @Test
    void aTransactionWhoseRollbackFailedIsNotCommittedOnItsWayBackToThePool() throws Exception {
        sql.update("create table if not exists sql_local_open (v text)");
        try {
            IllegalStateException failed = new IllegalStateException("work failed after beginning a JTA transaction");
            assertSame(failed, assertThrows(IllegalStateException.class, () -> sql.inLocalTransaction(() -> {
                sql.update("insert into sql_local_open values (?1)", "left open");
                QuarkusTransaction.begin();
                throw failed;
            })));
        } finally {
            if (transactionManager.getStatus() != jakarta.transaction.Status.STATUS_NO_TRANSACTION) {
                transactionManager.rollback(); // the JTA transaction the work began on this thread
            }
        }
        assertEquals(List.of(0L), sql.column("select count(*) from sql_local_open"));
        assertEquals(List.of(1), sql.inLocalTransaction(() -> sql.column("select 1")), "the pool still lends connections");
        sql.update("drop table sql_local_open");
    }

    @Test
    void aLocalTransactionIsRefusedInsideAnotherOne() {
        IllegalStateException inJta = assertThrows(IllegalStateException.class,
                () -> QuarkusTransaction.requiringNew().run(() -> sql.inLocalTransaction(() -> null)));
        assertTrue(inJta.getMessage().contains("inside another transaction"), inJta.getMessage());
        IllegalStateException nested = assertThrows(IllegalStateException.class,
                () -> sql.inLocalTransaction(() -> sql.inLocalTransaction(() -> null)));
        assertTrue(nested.getMessage().contains("inside another transaction"), nested.getMessage());
        assertEquals(List.of(1), sql.inLocalTransaction(() -> sql.column("select 1")), "the thread is free again after both");
    }

    @Test
    void queuedWritesGoWithTheNextStatementInOrderAndItsResultIsThatStatements() {
        sql.update("create table if not exists sql_queued_rows (v text, n int)");
        sql.update("delete from sql_queued_rows");
        QuarkusTransaction.requiringNew().run(() -> {
            Sql.Queued first = sql.queue("insert into sql_queued_rows values (?1, ?2)", "a", 1);
            Sql.Queued second = sql.queue("insert into sql_queued_rows select ?1 || v, n + ?2 from sql_queued_rows", "b", 10);
            Sql.Queued none = sql.queue("update sql_queued_rows set n = 0 where v = ?1", "missing");
            // Hibernate's statements do not send the queue: nothing has reached the database yet
            assertEquals(0L, ((Number) em.createNativeQuery("select count(*) from sql_queued_rows").getSingleResult()).longValue());
            List<Object[]> rows = sql.rows("select v, n from sql_queued_rows order by v");
            assertEquals(2, rows.size(), "the next statement ran after the queued ones, in their order");
            assertArrayEquals(new Object[]{"a", 1}, rows.get(0));
            assertArrayEquals(new Object[]{"ba", 11}, rows.get(1));
            assertEquals(1, first.count());
            assertEquals(1, second.count());
            assertEquals(0, none.count());
            sql.queue("update sql_queued_rows set n = n + 1");
            assertEquals(1, sql.update("delete from sql_queued_rows where n = ?1", 12), "an update's own count");
        });
        assertEquals(List.of("a"), sql.column("select v from sql_queued_rows"));
        sql.update("drop table sql_queued_rows");
    }

    @Test
    void queuedWritesAndTheNextStatementGoAsOneExecution() {
        int[] executions = {0};
        Sql counted = new Sql(counting(dataSource, executions), registry);
        counted.update("create table if not exists sql_queued_once (v text)");
        counted.update("delete from sql_queued_once");
        executions[0] = 0;
        QuarkusTransaction.requiringNew().run(() -> {
            counted.queue("insert into sql_queued_once values (?1)", "a");
            counted.queue("insert into sql_queued_once values (?1)", "b");
            assertEquals(List.of(2L), counted.column("select count(*) from sql_queued_once"));
        });
        assertEquals(1, executions[0], "two queued inserts and the count: one statement executed, so one round trip");
        counted.update("drop table sql_queued_once");
    }

    /** The DataSource, counting every execute of a statement prepared on its connections. */
    private static DataSource counting(DataSource real, int[] executions) {
        ClassLoader loader = SqlTest.class.getClassLoader();
        return (DataSource) Proxy.newProxyInstance(loader, new Class<?>[]{DataSource.class}, (proxy, method, args) -> {
            Object result = invoke(real, method, args);
            if (!method.getName().equals("getConnection")) {
                return result;
            }
            Connection connection = (Connection) result;
            return Proxy.newProxyInstance(loader, new Class<?>[]{Connection.class}, (p, m, a) -> {
                Object made = invoke(connection, m, a);
                if (!m.getName().equals("prepareStatement")) {
                    return made;
                }
                PreparedStatement statement = (PreparedStatement) made;
                return Proxy.newProxyInstance(loader, new Class<?>[]{PreparedStatement.class}, (s, sm, sa) -> {
                    if (sm.getName().startsWith("execute")) {
                        executions[0]++;
                    }
                    return invoke(statement, sm, sa);
                });
            });
        });
    }

    private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
        try {
            return method.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    @Test
    void aQueuedWriteNothingFollowedIsSentBeforeTheCommitOrWhenItsCountIsAskedFor() {
        sql.update("create table if not exists sql_queued_last (v text)");
        sql.update("delete from sql_queued_last");
        QuarkusTransaction.requiringNew().run(() -> sql.queue("insert into sql_queued_last values (?1)", "jta"));
        sql.inLocalTransaction(() -> sql.queue("insert into sql_queued_last values (?1)", "local"));
        int counted = QuarkusTransaction.requiringNew().call(() ->
                sql.queue("insert into sql_queued_last values (?1), (?2)", "count", "count").count());
        assertEquals(2, counted);
        assertEquals(List.of("count", "count", "jta", "local"), sql.column("select v from sql_queued_last order by v"));
        sql.update("drop table sql_queued_last");
    }

    @Test
    void aFailingRoundTripRollsBackItsQueuedWritesAndNamesEveryStatementWithoutValues() {
        sql.update("create table if not exists sql_queued_fail (v text primary key)");
        sql.update("delete from sql_queued_fail");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> QuarkusTransaction.requiringNew().run(() -> {
            sql.queue("insert into sql_queued_fail values (?1)", "secret-value");
            sql.update("insert into sql_queued_fail values (?1)", "secret-value"); // the primary key refuses it
        }));
        assertTrue(e.getMessage().contains("insert into sql_queued_fail"), e.getMessage());
        assertTrue(!e.getMessage().contains("secret-value"), "values are not in the message: " + e.getMessage());
        assertEquals(List.of(0L), sql.column("select count(*) from sql_queued_fail"), "the queued insert rolled back too");

        int[] executions = {0};
        Sql counted = new Sql(counting(dataSource, executions), registry);
        Sql.Queued[] dropped = new Sql.Queued[1];
        assertThrows(RuntimeException.class, () -> QuarkusTransaction.requiringNew().run(() -> {
            dropped[0] = counted.queue("insert into sql_queued_fail values (?1)", "dropped");
            throw new IllegalStateException("fails before anything is sent");
        }));
        assertEquals(0, executions[0], "a rollback sends nothing");
        QuarkusTransaction.requiringNew().run(() -> {
            Sql.Queued later = counted.queue("insert into sql_queued_fail values (?1)", "later");
            assertThrows(IllegalStateException.class, dropped[0]::count, "a rolled-back write has no count");
            assertEquals(0, executions[0], "asking it sent nothing: not this transaction's queue either");
            assertEquals(1, later.count());
        });
        assertEquals(List.of("later"), sql.column("select v from sql_queued_fail"));
        sql.update("drop table sql_queued_fail");
    }

    @Test
    void queuingIsRefusedOutsideATransaction() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> sql.queue("select 1"));
        assertTrue(e.getMessage().contains("only in an active transaction"), e.getMessage());
    }

    @Test
    void aMissingValueOrAnUnknownTypeIsRefusedBeforeTheDatabase() {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> sql.rows("select ?2::text", "only one"));
        assertTrue(missing.getMessage().contains("?2"), missing.getMessage());
        assertThrows(IllegalArgumentException.class, () -> sql.rows("select ?1::text", new Object()));
    }

    @Test
    void aFailingStatementSaysWhichWithoutItsValues() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> sql.rows("select * from no_such_table where v = ?1", "secret-value"));
        assertTrue(e.getMessage().contains("no_such_table"), e.getMessage());
        assertTrue(!e.getMessage().contains("secret-value"), "values are not in the message: " + e.getMessage());
    }
}
