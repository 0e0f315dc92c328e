package com.assessments.support;

import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 written byte by byte on a socket, for requests no HTTP client sends: an oversized request line or header
 * block, a body that is announced and never comes, an empty Content-Type.
 */
public final class RawHttp implements AutoCloseable {

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    private RawHttp(Duration readTimeout) throws IOException {
        socket = new Socket("localhost", RestAssured.port);
        socket.setSoTimeout((int) readTimeout.toMillis());
        in = socket.getInputStream();
        out = socket.getOutputStream();
    }

    /** A connection whose reads give up after readTimeout (a bounded wait, never a hanging test). */
    public static RawHttp connect(Duration readTimeout) throws IOException {
        return new RawHttp(readTimeout);
    }

    /** One request on a fresh connection: head lines without the final blank line, then the body as is. */
    public static Response exchange(String head, String body) throws IOException {
        try (RawHttp http = connect(Duration.ofSeconds(30))) {
            http.send(head + "\r\n\r\n" + body);
            return http.read();
        }
    }

    public void send(String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** Reads one response: status line, headers, and a body of Content-Length bytes (or up to the close). */
    public Response read() throws IOException {
        String statusLine = line();
        if (statusLine == null) {
            throw new IOException("connection closed before a response");
        }
        int status = Integer.parseInt(statusLine.split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line = line(); line != null && !line.isEmpty(); line = line()) {
            int colon = line.indexOf(':');
            headers.put(line.substring(0, colon).trim().toLowerCase(Locale.ROOT), line.substring(colon + 1).trim());
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        String length = headers.get("content-length");
        if (length != null) {
            byte[] bytes = in.readNBytes(Integer.parseInt(length));
            body.write(bytes);
        } else {
            in.transferTo(body);
        }
        return new Response(status, headers, body.toString(StandardCharsets.UTF_8));
    }

    /** True when the server closed the connection (end of stream) within the read timeout. */
    public boolean closedByServer() throws IOException {
        try {
            return in.read() == -1;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true; // reset by the server
        }
    }

    private String line() throws IOException {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1) {
            if (b == '\n') {
                String s = buffer.toString(StandardCharsets.ISO_8859_1);
                return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
            }
            buffer.write(b);
        }
        return buffer.size() == 0 ? null : buffer.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    public record Response(int status, Map<String, String> headers, String body) {
        public JsonPath json() {
            return JsonPath.from(body);
        }

        public String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }
    }
}
