import com.sun.net.httpserver.HttpServer;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;

/**
 * A local webhook receiver for trying the service: prints each delivery and whether its Standard Webhooks signature
 * checks out. Needs only the JDK (Java runs a single source file):
 *
 *   java scripts/WebhookReceiver.java 9000 whsec_...      # port, the endpoint's secret from POST /api/v1/webhooks
 *
 * The check is the one a receiver should make: HMAC-SHA256 over "<webhook-id>.<webhook-timestamp>.<raw body>" with
 * the base64-decoded secret after "whsec_", compared in constant time with each "v1,<base64>" in webhook-signature,
 * and a timestamp within 5 minutes. Answer 2xx quickly; dedupe on webhook-id (delivery is at least once).
 */
public class WebhookReceiver {

    public static void main(String[] args) throws Exception {
        if (args.length != 2 || !args[1].startsWith("whsec_")) {
            System.err.println("usage: java scripts/WebhookReceiver.java <port> <whsec_... secret>");
            System.exit(2);
        }
        int port = Integer.parseInt(args[0]);
        byte[] key = Base64.getDecoder().decode(args[1].substring("whsec_".length()));
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        server.createContext("/", exchange -> {
            byte[] body = exchange.getRequestBody().readAllBytes();
            String id = exchange.getRequestHeaders().getFirst("webhook-id");
            String timestamp = exchange.getRequestHeaders().getFirst("webhook-timestamp");
            String signatures = exchange.getRequestHeaders().getFirst("webhook-signature");
            boolean valid = verify(key, id, timestamp, signatures, body);
            System.out.printf("%s %s signature %s%n  %s%n", id, exchange.getRequestURI(), valid ? "OK" : "INVALID",
                    new String(body, StandardCharsets.UTF_8));
            exchange.sendResponseHeaders(valid ? 204 : 400, -1);
            exchange.close();
        });
        server.start();
        System.out.println("listening on http://127.0.0.1:" + port + "/ (Ctrl-C to stop)");
    }

    static boolean verify(byte[] key, String id, String timestamp, String signatures, byte[] body) {
        if (id == null || timestamp == null || signatures == null) {
            return false;
        }
        try {
            long age = Math.abs(System.currentTimeMillis() / 1000 - Long.parseLong(timestamp));
            if (age > 300) {
                return false; // too old or from the future: a replay
            }
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            mac.update((id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
            byte[] expected = mac.doFinal(body);
            for (String candidate : signatures.split(" ")) { // one per active secret during a rotation
                if (candidate.startsWith("v1,")
                        && MessageDigest.isEqual(expected, Base64.getDecoder().decode(candidate.substring(3)))) {
                    return true;
                }
            }
            return false;
        } catch (RuntimeException | java.security.GeneralSecurityException e) {
            return false;
        }
    }
}
