package com.assessments.common.error;

import jakarta.persistence.PersistenceException;
import jakarta.transaction.RollbackException;
import jakarta.transaction.TransactionalException;
import org.hibernate.exception.ConstraintViolationException;
import org.hibernate.exception.JDBCConnectionException;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

import java.sql.SQLException;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which failures mean "the database cannot be reached" (503) and which remain bugs (500). */
class DatabaseOutageClassificationTest {

    @Test
    void whatADeadDatabaseThrowsIsAnOutage() {
        // Agroal, no connection within the acquisition timeout
        assertTrue(DatabaseOutage.causedBy(new SQLException("Sorry, acquisition timeout!")));
        assertTrue(DatabaseOutage.causedBy(new SQLException("wrapped", new TimeoutException("Acquisition timeout while waiting for new connection"))));
        // PgJDBC: refused, timed out, reset
        assertTrue(DatabaseOutage.causedBy(new PSQLException("Connection attempt timed out.", PSQLState.CONNECTION_UNABLE_TO_CONNECT)));
        assertTrue(DatabaseOutage.causedBy(new PSQLException("An I/O error occurred while sending to the backend.", PSQLState.CONNECTION_FAILURE)));
        // the server going down under us: admin shutdown, too many connections
        assertTrue(DatabaseOutage.causedBy(new SQLException("terminating connection due to administrator command", "57P01")));
        assertTrue(DatabaseOutage.causedBy(new SQLException("sorry, too many clients already", "53300")));
        // Hibernate's translation, inside the transaction layer's wrappers
        SQLException io = new PSQLException("An I/O error occurred while sending to the backend.", PSQLState.CONNECTION_FAILURE);
        assertTrue(DatabaseOutage.causedBy(new TransactionalException("rolled back",
                new PersistenceException(new JDBCConnectionException("could not execute statement", io)))));
        // a failed commit may carry the driver's exception as a suppressed one
        RollbackException rollback = new RollbackException("ARJUNA016053: Could not commit transaction.");
        rollback.addSuppressed(io);
        assertTrue(DatabaseOutage.causedBy(new TransactionalException("commit failed", rollback)));
    }

    @Test
    void otherFailuresAreNot() {
        assertFalse(DatabaseOutage.causedBy(new IllegalStateException("a bug")));
        assertFalse(DatabaseOutage.causedBy(new ConstraintViolationException("duplicate",
                new SQLException("duplicate key value violates unique constraint", "23505"), "pk")));
        assertFalse(DatabaseOutage.causedBy(new SQLException("syntax error", "42601")));
        assertFalse(DatabaseOutage.causedBy(new SQLException("no state, no timeout")));
        RuntimeException loop = new RuntimeException("cause cycle");
        RuntimeException other = new RuntimeException(loop);
        loop.initCause(other);
        assertFalse(DatabaseOutage.causedBy(loop));
    }
}
