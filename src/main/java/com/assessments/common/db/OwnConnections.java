package com.assessments.common.db;

import io.agroal.api.AgroalDataSource;
import io.agroal.api.configuration.AgroalConnectionFactoryConfiguration;
import io.agroal.api.security.AgroalSecurityProvider;
import io.agroal.api.security.NamePrincipal;
import io.agroal.api.security.SimplePassword;
import jakarta.inject.Singleton;
import org.postgresql.Driver;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Connections of their own, outside the pool, for work that keeps one for the replica's life (a LISTEN): taken from the
 * pool, such a connection would leave it one short for good, while the requests' turns ({@link ConnectionTurns}) are
 * sized as the whole pool. Opened with the pool's own settings (URL, user and password through its security providers,
 * JDBC properties such as the connect and login timeouts, the network timeout), so they reach the same database the
 * same way.
 */
@Singleton
public class OwnConnections {

    private final AgroalConnectionFactoryConfiguration factory;

    public OwnConnections(AgroalDataSource pool) {
        this.factory = pool.getConfiguration().connectionPoolConfiguration().connectionFactoryConfiguration();
    }

    /**
     * A new connection, autocommit on; the caller closes it. {@code purpose} is its application_name in
     * pg_stat_activity, so an operator can tell it from the pool's.
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
        connection.setAutoCommit(true);
        if (!factory.networkTimeout().isZero()) { // as the pool sets its own: a statement that gets no answer ends
            connection.setNetworkTimeout(Runnable::run, (int) factory.networkTimeout().toMillis());
        }
        return connection;
    }

    /** What Agroal itself sends for a principal or credential: its security providers' properties. */
    private Properties security(Object principalOrCredential) {
        if (principalOrCredential == null) {
            return new Properties();
        }
        for (AgroalSecurityProvider provider : factory.securityProviders()) {
            Properties properties = provider.getSecurityProperties(principalOrCredential);
            if (properties != null) {
                return properties;
            }
        }
        return switch (principalOrCredential) {
            case NamePrincipal name -> name.asProperties();
            case SimplePassword password -> password.asProperties();
            default -> new Properties();
        };
    }
}
