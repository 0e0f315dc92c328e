package com.assessments.common;

import com.assessments.common.http.HttpEdge;
import io.quarkus.test.junit.QuarkusTest;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.logmanager.ExtLogRecord;
import org.jboss.logmanager.formatters.PatternFormatter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static com.assessments.support.Contract.raw;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every log line written while a request is handled carries the X-Request-Id the client got back. */
@QuarkusTest
class RequestIdLoggingTest {

    /** What a handler saw of one record, taken while the record was being logged. */
    record Line(String logger, Level level, String message, String requestId, String thread, String formatted) {
    }

    private static final Logger ROOT = Logger.getLogger("com.assessments");
    private final List<Line> lines = new CopyOnWriteArrayList<>();
    private PatternFormatter console;
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            ExtLogRecord ext = ExtLogRecord.wrap(record);
            lines.add(new Line(record.getLoggerName(), record.getLevel(), ext.getFormattedMessage(),
                    ext.getMdc(HttpEdge.REQUEST_ID_MDC), ext.getThreadName(), console.format(ext)));
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeEach
    void capture() {
        String format = ConfigProvider.getConfig().getValue("quarkus.log.console.format", String.class);
        assertTrue(format.contains("%X{" + HttpEdge.REQUEST_ID_MDC + "}"), "the console format shows the request id: " + format);
        console = new PatternFormatter(format);
        ROOT.addHandler(capture);
    }

    @AfterEach
    void release() {
        ROOT.removeHandler(capture);
    }

    @Test
    void theErrorLineOfA500CarriesTheRequestIdOfTheResponse() {
        String id = raw().get("/test-only/explode").then().statusCode(500).extract().header(HttpEdge.REQUEST_ID);
        Line error = only("com.assessments.common.error.ErrorMappers", "unexpected error while handling a request");
        assertTrue(error.level().intValue() >= Level.SEVERE.intValue(), "logged as an error");
        assertEquals(id, error.requestId());
        assertTrue(error.formatted().contains(id), error.formatted());
    }

    @Test
    void aRequestIdSentByTheClientIsTheOneInTheLog() {
        raw().header(HttpEdge.REQUEST_ID, "trace-4711.a").get("/test-only/explode").then().statusCode(500)
                .header(HttpEdge.REQUEST_ID, "trace-4711.a");
        assertEquals("trace-4711.a", only("com.assessments.common.error.ErrorMappers", "unexpected error").requestId());
    }

    @Test
    void workerThreadsCarryIt() {
        String id = raw().get("/test-only/log/worker").then().statusCode(200).extract().header(HttpEdge.REQUEST_ID);
        Line line = only("com.assessments.common.LoggingResource", "on a worker thread");
        assertEquals(id, line.requestId());
        assertTrue(line.thread().startsWith("executor-thread"), line.thread());
        assertTrue(line.formatted().contains(id), line.formatted());
    }

    @Test
    void virtualThreadsCarryIt() {
        // the API's reads run on virtual threads (VirtualThreadsTest)
        String id = raw().get("/test-only/log/virtual").then().statusCode(200).extract().header(HttpEdge.REQUEST_ID);
        Line line = only("com.assessments.common.LoggingResource", "on a virtual thread");
        assertEquals(id, line.requestId());
        assertTrue(line.formatted().contains(id), line.formatted());
    }

    @Test
    void eventLoopThreadsCarryIt() {
        String id = raw().get("/test-only/log/event-loop").then().statusCode(500).extract().header(HttpEdge.REQUEST_ID);
        Line line = only("com.assessments.common.LoggingResource", "on the event loop");
        assertEquals(id, line.requestId());
        assertTrue(line.thread().startsWith("vert.x-eventloop"), line.thread());
        Line error = only("com.assessments.common.error.ErrorMappers", "unexpected error");
        assertEquals(id, error.requestId());
        assertTrue(error.formatted().contains(id), error.formatted());
    }

    @Test
    void eachRequestHasItsOwnAndNothingLeaksOutOfIt() {
        String first = raw().get("/test-only/log/worker").then().statusCode(200).extract().header(HttpEdge.REQUEST_ID);
        String second = raw().get("/test-only/log/worker").then().statusCode(200).extract().header(HttpEdge.REQUEST_ID);
        assertNotEquals(first, second);
        List<String> ids = lines.stream().filter(l -> l.message().contains("on a worker thread")).map(Line::requestId).toList();
        assertEquals(List.of(first, second), ids);

        org.jboss.logging.Logger.getLogger("com.assessments.test").info("a line outside any request");
        Line outside = only("com.assessments.test", "outside any request");
        assertNull(outside.requestId());
        assertFalse(outside.formatted().contains(first) || outside.formatted().contains(second));
    }

    private Line only(String logger, String messagePart) {
        List<Line> found = lines.stream().filter(l -> l.logger().equals(logger) && l.message().contains(messagePart)).toList();
        assertEquals(1, found.size(), () -> "lines of " + logger + " containing '" + messagePart + "': " + lines);
        return found.get(0);
    }
}
