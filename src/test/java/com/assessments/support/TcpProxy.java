package com.assessments.support;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP proxy in front of the test database that a test can cut, to see what the service does when its database
 * goes away and comes back. {@link #cut()} resets every open connection (what the pool holds dies) and then swallows
 * new ones (accepted but never answered: a host that vanished from the network, the slowest kind of outage);
 * {@link #restore()} forwards again.
 */
public final class TcpProxy implements AutoCloseable {

    private final ServerSocket server;
    private final InetSocketAddress upstream;
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private volatile boolean cut;
    private volatile ServerSocket closeWithServer;

    public TcpProxy(InetSocketAddress upstream) throws IOException {
        this.upstream = upstream;
        this.server = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::acceptLoop, "db-proxy-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public int port() {
        return server.getLocalPort();
    }

    /**
     * Listens on a port of its own for the lines "cut" and "restore" and answers "ok" once done: a switch that works
     * across class loaders (a Quarkus test and its test resource need not share classes).
     */
    public int controlPort() throws IOException {
        ServerSocket control = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
        Thread t = new Thread(() -> {
            while (!server.isClosed()) {
                try (Socket s = control.accept();
                     BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII));
                     Writer out = new OutputStreamWriter(s.getOutputStream(), StandardCharsets.US_ASCII)) {
                    String command = in.readLine();
                    if ("cut".equals(command)) {
                        cut();
                    } else if ("restore".equals(command)) {
                        restore();
                    }
                    out.write("ok\n");
                } catch (IOException e) {
                    // a client that went away
                }
            }
        }, "db-proxy-control");
        t.setDaemon(true);
        t.start();
        closeWithServer = control;
        return control.getLocalPort();
    }

    /** Sends a command to the proxy listening for them on {@code controlPort}, and waits until it is carried out. */
    public static void command(int controlPort, String command) {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), controlPort);
             BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.US_ASCII));
             Writer out = new OutputStreamWriter(s.getOutputStream(), StandardCharsets.US_ASCII)) {
            out.write(command + "\n");
            out.flush();
            if (!"ok".equals(in.readLine())) {
                throw new IllegalStateException("the proxy did not confirm " + command);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Resets every connection and swallows new ones until {@link #restore()}. */
    public void cut() {
        cut = true;
        for (Socket s : open) {
            reset(s);
        }
    }

    public void restore() {
        cut = false;
        for (Socket s : open) { // swallowed connections: the driver gave up on them long ago
            reset(s);
        }
    }

    public boolean isCut() {
        return cut;
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                open.add(client);
                if (cut) {
                    continue; // held open, never answered
                }
                Socket db = new Socket();
                db.connect(upstream, 1000);
                open.add(db);
                pipe(client, db);
                pipe(db, client);
            } catch (IOException e) {
                // closed, or the database refused: the client sees its connection go away
            }
        }
    }

    private void pipe(Socket from, Socket to) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[16384];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                int n;
                while ((n = in.read(buffer)) >= 0) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // reset by cut() or by either side
            } finally {
                reset(from);
                reset(to);
            }
        }, "db-proxy-pipe");
        t.setDaemon(true);
        t.start();
    }

    private void reset(Socket s) {
        open.remove(s);
        try {
            s.setSoLinger(true, 0); // RST, not FIN: the peer's next read or write fails at once
        } catch (SocketException e) {
            // already closed
        }
        try {
            s.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        if (closeWithServer != null) {
            closeWithServer.close();
        }
        for (Socket s : open) {
            reset(s);
        }
    }
}
