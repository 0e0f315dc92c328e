package com.assessments.support;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/** A real webhook receiver on 127.0.0.1: records every request's headers and exact body bytes; answers as scripted. */
public final class Receiver implements AutoCloseable {

    public record Received(Map<String, String> headers, byte[] body, long receivedAtNanos) {
        public String header(String name) {
            return headers.get(name.toLowerCase());
        }
    }

    /** A scripted answer: status and optional Retry-After. */
    public record Answer(int status, String retryAfter) {
    }

    private final HttpServer server;
    private final ExecutorService executor = Executors.newFixedThreadPool(8, r -> {
        Thread t = new Thread(r, "test-receiver");
        t.setDaemon(true);
        return t;
    });
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final Deque<Answer> script = new ConcurrentLinkedDeque<>();
    private volatile int defaultStatus = 200;
    private volatile boolean hang;
    private final CountDownLatch released = new CountDownLatch(1);
    private final AtomicInteger open = new AtomicInteger();
    private final AtomicInteger maxOpen = new AtomicInteger();

    public Receiver() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
        server.setExecutor(executor);
        server.createContext("/", exchange -> {
            maxOpen.accumulateAndGet(open.incrementAndGet(), Math::max);
            try {
                handle(exchange);
            } finally {
                open.decrementAndGet();
            }
        });
        server.start();
    }

    private void handle(com.sun.net.httpserver.HttpExchange exchange) throws IOException {
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readAllBytes();
        }
        Map<String, String> headers = new TreeMap<>();
        exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(), String.join(",", v)));
        received.add(new Received(headers, body, System.nanoTime()));
        if (hang) {
            try {
                released.await(); // never answers: the sender's time limit runs out first
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
            return;
        }
        Answer answer = script.poll();
        int status = answer == null ? defaultStatus : answer.status();
        if (answer != null && answer.retryAfter() != null) {
            exchange.getResponseHeaders().add("Retry-After", answer.retryAfter());
        }
        exchange.sendResponseHeaders(status, -1);
        exchange.close();
    }

    /** From now on requests are recorded but never answered (until close). */
    public void hang() {
        this.hang = true;
    }

    /** Requests being handled right now (for a hanging receiver: the sender's connections waiting for an answer). */
    public int open() {
        return open.get();
    }

    /** The most requests ever handled at once. */
    public int maxOpen() {
        return maxOpen.get();
    }

    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    public void answer(int status, int times) {
        for (int i = 0; i < times; i++) {
            script.add(new Answer(status, null));
        }
    }

    public void answer(Answer answer) {
        script.add(answer);
    }

    public void defaultStatus(int status) {
        this.defaultStatus = status;
    }

    public List<Received> received() {
        return new ArrayList<>(received);
    }

    /** Waits (bounded) until at least n requests arrived. */
    public List<Received> await(int n, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (received.size() < n && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return received();
    }

    @Override
    public void close() {
        released.countDown();
        server.stop(0);
        executor.shutdownNow();
    }
}
