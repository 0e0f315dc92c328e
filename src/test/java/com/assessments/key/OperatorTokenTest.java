package com.assessments.key;

import com.assessments.support.Admin;
import com.assessments.support.AppProperties;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** ADMIN_TOKEN: empty switches the operator API off; set, it must have at least 32 characters or the service does not start. */
class OperatorTokenTest {

    private static final String SHORT = "operator-token-of-31-characters"; // one short of the minimum

    private static KeyConfig configWith(String adminToken) {
        return (KeyConfig) Proxy.newProxyInstance(KeyConfig.class.getClassLoader(), new Class<?>[]{KeyConfig.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("adminToken")) {
                        return Optional.ofNullable(adminToken);
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    @Test
    void aTokenShorterThan32CharactersIsRefusedWithoutShowingIt() {
        assertEquals(31, SHORT.length());
        List<String> logged = new ArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                logged.add(String.valueOf(record.getMessage()) + " " + record.getThrown());
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger root = Logger.getLogger("");
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        root.addHandler(capture);
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(printed, true, StandardCharsets.UTF_8));
        IllegalStateException refused;
        try {
            refused = assertThrows(IllegalStateException.class, () -> new OperatorToken(configWith(SHORT)));
            assertThrows(IllegalStateException.class, () -> OperatorToken.checked(Optional.of("x")));
            assertThrows(IllegalStateException.class, () -> OperatorToken.checked(Optional.of("  " + SHORT)),
                    "surrounding blanks do not count as length they do not add");
        } finally {
            System.setOut(out);
            System.setErr(err);
            root.removeHandler(capture);
        }
        assertTrue(refused.getMessage().contains("ADMIN_TOKEN"), refused.getMessage());
        assertTrue(refused.getMessage().contains("at least 32 characters"), refused.getMessage());
        StringWriter trace = new StringWriter();
        refused.printStackTrace(new PrintWriter(trace));
        assertFalse(trace.toString().contains(SHORT), "the stack trace shows the token");
        assertFalse(refused.getMessage().contains("31"), "the message gives the token's length away");
        assertFalse(printed.toString(StandardCharsets.UTF_8).contains(SHORT), "the token was printed");
        assertFalse(String.join("\n", logged).contains(SHORT), "the token was logged");
    }

    @Test
    void anEmptyOrBlankTokenSwitchesTheOperatorApiOff() {
        for (String none : new String[]{null, "", "   "}) {
            OperatorToken token = new OperatorToken(configWith(none));
            assertFalse(token.isConfigured());
            assertFalse(token.matches(""));
            assertFalse(token.matches(none));
        }
    }

    @Test
    void thirtyTwoCharactersAreEnoughAndOnlyTheExactTokenMatches() {
        String token = "0123456789abcdef0123456789abcdef";
        OperatorToken operator = new OperatorToken(configWith(token));
        assertTrue(operator.isConfigured());
        assertTrue(operator.matches(token));
        assertFalse(operator.matches(token + "0"));
        assertFalse(operator.matches(token.substring(1)));
        assertFalse(operator.matches(null));
    }

    @Test
    void aTokenReadWithATrailingNewlineStillMatches() {
        String token = "0123456789abcdef0123456789abcdef";
        OperatorToken operator = new OperatorToken(configWith(token + "\n"));
        assertTrue(operator.matches(token));
        assertFalse(operator.matches(token + "\n"));
    }

    @Test
    void devAndTestProfilesShipTokensThatPassTheRule() {
        for (String profile : new String[]{"dev", "test"}) {
            String token = AppProperties.under(profile).getValue("assessments.admin-token", String.class);
            assertDoesNotThrow(() -> OperatorToken.checked(Optional.of(token)), profile);
        }
        assertEquals(AppProperties.under("test").getValue("assessments.admin-token", String.class), Admin.TOKEN);
        assertEquals(Optional.empty(), AppProperties.under("prod").getOptionalValue("assessments.admin-token", String.class),
                "production has no operator token unless ADMIN_TOKEN is set");
    }
}
