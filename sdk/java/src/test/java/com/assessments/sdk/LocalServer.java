package com.assessments.sdk;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/** A real HTTP server on 127.0.0.1 answering as a test scripts it; records every request. */
final class LocalServer implements AutoCloseable {

    record Request(String method, String path, String query, Map<String, List<String>> headers, String body) {
        String header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .map(e -> e.getValue().get(0)).findFirst().orElse(null);
        }
    }

    record Answer(int status, String body, Map<String, String> headers) {
        static Answer json(int status, String body, String... headerPairs) {
            Map<String, String> headers = new java.util.LinkedHashMap<>();
            for (int i = 0; i < headerPairs.length; i += 2) {
                headers.put(headerPairs[i], headerPairs[i + 1]);
            }
            return new Answer(status, body, headers);
        }

        static Answer error(int status, String code, String... headerPairs) {
            return json(status, "{\"error\":{\"code\":\"" + code + "\",\"message\":\"scripted " + code
                    + "\",\"doc_url\":\"http://x/docs/errors#" + code + "\",\"details\":{\"hint\":\"h\"}}}", headerPairs);
        }
    }

    /** Answers one request. */
    interface Handler {
        Answer answer(Request request, int index) throws IOException;
    }

    private final HttpServer server;
    final List<Request> requests = new CopyOnWriteArrayList<>();

    LocalServer(Handler handler) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 50);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.createContext("/", exchange -> handle(exchange, handler));
        server.start();
    }

    private void handle(HttpExchange exchange, Handler handler) throws IOException {
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        Request request = new Request(exchange.getRequestMethod(), exchange.getRequestURI().getPath(),
                exchange.getRequestURI().getRawQuery(), Map.copyOf(exchange.getRequestHeaders()), body);
        requests.add(request);
        Answer answer = handler.answer(request, requests.size() - 1);
        if (answer == null) { // drop the connection without answering
            exchange.close();
            return;
        }
        byte[] bytes = answer.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.getResponseHeaders().add("X-Request-Id", "req_" + requests.size());
        answer.headers().forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
        exchange.sendResponseHeaders(answer.status(), bytes.length == 0 ? -1 : bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
