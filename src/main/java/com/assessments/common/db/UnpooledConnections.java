package com.assessments.common.db;

import io.agroal.api.AgroalDataSource;
import io.agroal.api.configuration.AgroalConnectionFactoryConfiguration;
import io.agroal.api.security.AgroalSecurityProvider;
import jakarta.inject.Singleton;
import org.postgresql.Driver;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Properties;

/**
 * Connections outside the pool, for work that keeps one for the replica's life (a LISTEN): taken from the pool, such a
 * connection would leave it one short for good, while the requests' turns ({@link ConnectionTurns}) are sized as the
 * whole pool. Opened as the pool opens its own: its URL, the user and password through its security providers (a
 * credentials provider's password is asked for at each open), its JDBC properties such as the connect and login
 * timeouts, and its network timeout. Not applied: the pool's new-connection SQL and transaction isolation (none is
 * configured), and a connection stays in autocommit.
 */
@Singleton
public class UnpooledConnections {

    private final AgroalConnectionFactoryConfiguration factory;

    public UnpooledConnections(AgroalDataSource pool) {
        this.factory = pool.getConfiguration().connectionPoolConfiguration().connectionFactoryConfiguration();
    }

    /**
     * A new connection; the caller closes it. {@code purpose} is its application_name in pg_stat_activity, so an
     * operator can tell it from the pool's (an ApplicationName in the datasource URL wins over it: PgJDBC's rule).
     */
    public Connection open(String purpose) throws SQLException {
        Properties properties = new Properties();
        properties.putAll(factory.jdbcProperties());
        properties.putAll(security(factory.principal()));
        for (Object credential : factory.credentials()) {
            properties.putAll(security(credential));
        }
        properties.setProperty("ApplicationName", purpose);
        Connection connection = new Driver().connect(factory.jdbcUrl(), properties);
        if (connection == null) { // the driver declines a URL that is not PostgreSQL's
            throw new SQLException("the datasource URL is not a PostgreSQL URL");
        }
        Duration timeout = factory.networkTimeout();
        if (!timeout.isZero()) { // as the pool sets its own: a statement that gets no answer ends
            try {
                connection.setNetworkTimeout(Runnable::run, (int) Math.min(timeout.toMillis(), Integer.MAX_VALUE));
            } catch (SQLException | RuntimeException e) {
                try {
                    connection.close();
                } catch (SQLException closing) {
                    e.addSuppressed(closing);
                }
                throw e;
            }
        }
        return connection;
    }

    /** What Agroal itself sends for a principal or credential: the first of its security providers that knows it. */
    private Properties security(Object principalOrCredential) {
        if (principalOrCredential != null) {
            for (AgroalSecurityProvider provider : factory.securityProviders()) {
                Properties properties = provider.getSecurityProperties(principalOrCredential);
                if (properties != null) {
                    return properties;
                }
            }
        }
        return new Properties();
    }
}
