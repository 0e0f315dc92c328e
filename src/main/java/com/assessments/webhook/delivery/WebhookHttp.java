package com.assessments.webhook.delivery;

import com.assessments.webhook.WebhookConfig;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.PoolOptions;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import java.net.InetAddress;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Sends one signed delivery. It connects to the address the SSRF guard approved (not to whatever the host
 * name resolves to a moment later: that defeats DNS rebinding) while Host and TLS SNI keep the URL's host
 * name; it never follows redirects; every attempt has a time limit.
 */
@ApplicationScoped
public class WebhookHttp {

    static final String USER_AGENT = "AssessmentService-Webhooks/1.0";

    /** The outcome of one attempt: a status, or an error when no response came. */
    public record Result(Integer status, String error, Long retryAfterSeconds, long durationMs) {
        boolean succeeded() {
            return status != null && status >= 200 && status < 300;
        }
    }

    private final HttpClient client;
    private final long timeoutMs;

    public WebhookHttp(Vertx vertx, WebhookConfig config) {
        this.timeoutMs = config.attemptTimeout().toMillis();
        this.client = vertx.createHttpClient(new HttpClientOptions()
                        .setConnectTimeout((int) timeoutMs)
                        .setVerifyHost(true)
                        .setKeepAlive(true)
                        // the delivery worker traces each attempt and sends its traceparent itself
                        .setTracingPolicy(io.vertx.core.tracing.TracingPolicy.IGNORE),
                new PoolOptions().setHttp1MaxSize(Math.max(1, config.concurrency())));
    }

    public CompletionStage<Result> post(URI url, InetAddress address, Map<String, String> headers, byte[] body) {
        long started = System.nanoTime();
        boolean https = "https".equalsIgnoreCase(url.getScheme());
        int port = url.getPort() > 0 ? url.getPort() : https ? 443 : 80;
        String path = (url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath())
                + (url.getRawQuery() == null ? "" : "?" + url.getRawQuery());
        RequestOptions options = new RequestOptions()
                .setMethod(HttpMethod.POST)
                .setHost(url.getHost())
                .setPort(port)
                .setSsl(https)
                .setURI(path)
                .setServer(SocketAddress.inetSocketAddress(port, address.getHostAddress()))
                .setFollowRedirects(false)
                .setTimeout(timeoutMs);
        CompletableFuture<Result> result = new CompletableFuture<>();
        client.request(options)
                .compose(request -> {
                    headers.forEach(request::putHeader);
                    request.putHeader("Content-Type", "application/json");
                    request.putHeader("User-Agent", USER_AGENT);
                    return request.send(Buffer.buffer(body));
                })
                .compose(response -> response.body().map(ignored -> response))
                .onSuccess(response -> result.complete(new Result(response.statusCode(), null,
                        retryAfter(response.getHeader("Retry-After")), elapsed(started))))
                .onFailure(e -> result.complete(new Result(null, describe(e), null, elapsed(started))));
        return result;
    }

    @PreDestroy
    void close() {
        client.close();
    }

    /** Retry-After in seconds (delta form only; an HTTP date is ignored). */
    static Long retryAfter(String header) {
        if (header == null) {
            return null;
        }
        try {
            long seconds = Long.parseLong(header.trim());
            return seconds >= 0 ? seconds : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static long elapsed(long started) {
        return (System.nanoTime() - started) / 1_000_000;
    }

    private static String describe(Throwable e) {
        String kind = e.getClass().getSimpleName().replace("Exception", "").toLowerCase(java.util.Locale.ROOT);
        String message = e.getMessage() == null ? "" : ": " + e.getMessage();
        String text = (kind.isEmpty() ? "error" : kind) + message;
        return text.length() > 1000 ? text.substring(0, 1000) : text;
    }
}
