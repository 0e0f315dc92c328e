package com.assessments.webhook.delivery;

import com.assessments.webhook.WebhookConfig;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Server-side request forgery guard for webhook endpoint URLs: only http(s) URLs without user info whose host
 * resolves exclusively to public unicast addresses pass, unless an operator allow-listed the host (local
 * development and tests deliver to 127.0.0.1). Callers should connect to one of the returned addresses (not
 * resolve the name again) so that DNS rebinding cannot swap in another address after the check. One bean serves
 * endpoint registration and the delivery worker.
 */
@Singleton
public final class SsrfGuard {

    /** The URL must not be called; the message reads as an issue with the URL ("must use http or https"). */
    public static final class Blocked extends RuntimeException {
        public Blocked(String message) {
            super(message);
        }
    }

    /**
     * The one refusal for a host that does not resolve or resolves to a blocked address: naming the address, or
     * answering differently for names that do not exist, would let a caller map internal DNS.
     */
    static final String NOT_ALLOWED = "is not allowed: its host must resolve to public internet addresses only";

    /** The last label of a host that is a number (decimal, or 0x hex): the host is then an IPv4 address form. */
    private static final Pattern NUMERIC_LABEL = Pattern.compile("[0-9]+|0x[0-9a-f]*");
    private static final Pattern CANONICAL_OCTET = Pattern.compile("0|[1-9][0-9]{0,2}");

    private final Set<String> allowedHosts;

    /** The service's guard: assessments.webhooks.allowed-hosts are exempt. */
    @Inject
    public SsrfGuard(WebhookConfig config) {
        this(config.allowedHosts().orElse(Set.of()));
    }

    /** @param allowedHosts host names or literal IPs exempt from the address rules (dev/tests); may be empty. */
    SsrfGuard(Set<String> allowedHosts) {
        Set<String> normalized = new HashSet<>();
        if (allowedHosts != null) {
            for (String host : allowedHosts) {
                if (host != null && !host.isBlank()) {
                    normalized.add(normalize(host.trim()));
                }
            }
        }
        this.allowedHosts = Set.copyOf(normalized);
    }

    /**
     * Checks the URL and resolves its host to all of its addresses.
     *
     * @return every address of the host (never empty): all of them public, or the host is allow-listed
     * @throws Blocked if the scheme is not http/https, the URL has user info or no host, the port is outside
     *                 1..65535, the host is an IPv4 address in a form other than four decimal numbers, or (with the
     *                 same {@link #NOT_ALLOWED} message for both) it cannot be resolved or any of its addresses is
     *                 blocked (see {@link #isBlocked})
     */
    public List<InetAddress> resolveAllowed(URI url) {
        if (url == null) {
            throw new Blocked("is missing");
        }
        String scheme = url.getScheme();
        if (scheme == null || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))) {
            throw new Blocked("must use http or https");
        }
        if (url.isOpaque()) {
            throw new Blocked("must have a host");
        }
        if (url.getRawUserInfo() != null) {
            throw new Blocked("must not contain user info (user:password@)");
        }
        String rawHost = url.getHost();
        if (rawHost == null || rawHost.isEmpty()) {
            String authority = url.getRawAuthority();
            if (authority != null && authority.contains("@")) {
                throw new Blocked("must not contain user info (user:password@)");
            }
            // java.net.URI leaves the host unset for what it cannot parse as a host name, which includes the
            // short IPv4 forms some resolvers accept ("127.1", "0x7f.1"): none of those is ever called
            throw new Blocked(authority == null || authority.isEmpty() ? "must have a host"
                    : "must have a valid host name or IP address (got " + authority + ")");
        }
        String host = normalize(rawHost);
        if (host.isEmpty()) {
            throw new Blocked("must have a host");
        }
        if (url.getPort() != -1 && (url.getPort() < 1 || url.getPort() > 65535)) {
            throw new Blocked("must have a port from 1 to 65535");
        }
        boolean allowListed = allowedHosts.contains(host);
        if (!allowListed && !host.contains(":")) {
            requireCanonicalIfNumeric(host);
        }
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(host);
        } catch (UnknownHostException | SecurityException e) {
            throw new Blocked(NOT_ALLOWED);
        }
        if (addresses == null || addresses.length == 0) {
            throw new Blocked(NOT_ALLOWED);
        }
        if (!allowListed) {
            for (InetAddress a : addresses) {
                if (isBlocked(a)) {
                    throw new Blocked(NOT_ALLOWED);
                }
            }
        }
        return List.of(addresses);
    }

    /**
     * True for every address a webhook must not be sent to: anything but public unicast, judged on the raw bytes.
     * IPv4: 0/8, 10/8, 100.64/10, 127/8, 169.254/16, 172.16/12, 192.0.0/24, 192.0.2/24, 192.88.99/24,
     * 192.168/16, 198.18/15, 198.51.100/24, 203.0.113/24, 224/4, 240/4. IPv6: IPv4-mapped ::ffff:a.b.c.d, NAT64
     * 64:ff9b::/96 and 6to4 2002::/16 are judged by the IPv4 address they embed; everything else outside global
     * unicast 2000::/3 is blocked (::, ::1, IPv4-compatible ::a.b.c.d whatever it embeds, ::ffff:0:a.b.c.d,
     * 64:ff9b:1::/48, fc00::/7, fe80::/10, fec0::/10, ff00::/8, ...); within 2000::/3: Teredo 2001::/32,
     * benchmarking 2001:2::/48, ORCHID 2001:10::/28 and 2001:20::/28, documentation 2001:db8::/32 and 3fff::/20.
     */
    public static boolean isBlocked(InetAddress a) {
        if (a == null) {
            return true;
        }
        byte[] b = a.getAddress();
        if (b.length == 4) {
            return isBlockedV4(b[0] & 0xff, b[1] & 0xff, b[2] & 0xff, b[3] & 0xff);
        }
        if (b.length == 16) {
            return isBlockedV6(b);
        }
        return true;
    }

    private static boolean isBlockedV4(int a, int b, int c, int d) {
        return a == 0                                   // 0.0.0.0/8 "this network", unspecified
                || a == 10                              // 10/8 private
                || (a == 100 && (b & 0xc0) == 64)       // 100.64/10 CGNAT
                || a == 127                             // 127/8 loopback
                || (a == 169 && b == 254)               // 169.254/16 link-local, cloud metadata
                || (a == 172 && (b & 0xf0) == 16)       // 172.16/12 private
                || (a == 192 && b == 0 && c == 0)       // 192.0.0/24 IETF protocol assignments
                || (a == 192 && b == 0 && c == 2)       // 192.0.2/24 TEST-NET-1
                || (a == 192 && b == 88 && c == 99)     // 192.88.99/24 6to4 relay anycast (deprecated)
                || (a == 192 && b == 168)               // 192.168/16 private
                || (a == 198 && (b & 0xfe) == 18)       // 198.18/15 benchmarking
                || (a == 198 && b == 51 && c == 100)    // 198.51.100/24 TEST-NET-2
                || (a == 203 && b == 0 && c == 113)     // 203.0.113/24 TEST-NET-3
                || a >= 224;                            // 224/4 multicast, 240/4 reserved, 255.255.255.255
    }

    private static boolean isBlockedV6(byte[] b) {
        if (allZero(b, 0, 10) && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff) {
            // IPv4-mapped ::ffff:a.b.c.d: the same destination as a.b.c.d
            return isBlockedV4(b[12] & 0xff, b[13] & 0xff, b[14] & 0xff, b[15] & 0xff);
        }
        int w0 = word(b, 0);
        int w1 = word(b, 2);
        if (w0 == 0x0064 && w1 == 0xff9b && allZero(b, 4, 12)) {
            // NAT64 well-known prefix 64:ff9b::/96
            return isBlockedV4(b[12] & 0xff, b[13] & 0xff, b[14] & 0xff, b[15] & 0xff);
        }
        if (w0 == 0x2002) {
            // 6to4 2002:a.b.c.d::/48
            return isBlockedV4(b[2] & 0xff, b[3] & 0xff, b[4] & 0xff, b[5] & 0xff);
        }
        if ((w0 & 0xe000) != 0x2000) {
            // outside global unicast 2000::/3: :: and ::1, IPv4-compatible ::a.b.c.d (deprecated, never routed,
            // whatever it embeds), IPv4-translated ::ffff:0:a.b.c.d, 64:ff9b:1::/48 local NAT64, 100::/64 discard,
            // fc00::/7 unique local, fe80::/10 link-local, fec0::/10 site-local, ff00::/8 multicast, ...
            return true;
        }
        return w0 == 0x2001 && w1 == 0x0000                          // 2001::/32 Teredo
                || w0 == 0x2001 && w1 == 0x0002 && word(b, 4) == 0   // 2001:2::/48 benchmarking
                || w0 == 0x2001 && (w1 & 0xfff0) == 0x0010           // 2001:10::/28 ORCHID
                || w0 == 0x2001 && (w1 & 0xfff0) == 0x0020           // 2001:20::/28 ORCHIDv2
                || w0 == 0x2001 && w1 == 0x0db8                      // 2001:db8::/32 documentation
                || w0 == 0x3fff && (w1 & 0xf000) == 0;               // 3fff::/20 documentation
    }

    /**
     * A host whose last label is a number is an IPv4 address in some resolver's eyes ("2130706433", "0x7f.1",
     * "0177.0.0.1", "127.1"), and resolvers disagree on what those forms mean (Java reads "0177" as 177, C
     * resolvers as octal 127). Only the unambiguous dotted-decimal form a.b.c.d is accepted.
     */
    private static void requireCanonicalIfNumeric(String host) {
        String[] labels = host.split("\\.", -1);
        if (!NUMERIC_LABEL.matcher(labels[labels.length - 1]).matches()) {
            return; // a host name
        }
        boolean canonical = labels.length == 4;
        for (int i = 0; canonical && i < 4; i++) {
            canonical = CANONICAL_OCTET.matcher(labels[i]).matches() && Integer.parseInt(labels[i]) <= 255;
        }
        if (!canonical) {
            throw new Blocked("must write an IPv4 address as four decimal numbers a.b.c.d (got " + host + ")");
        }
    }

    /** Lower case, without IPv6 brackets and without one trailing dot (a fully qualified name). */
    private static String normalize(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        if (h.endsWith(".") && !h.contains(":")) {
            h = h.substring(0, h.length() - 1);
        }
        return h;
    }

    private static boolean allZero(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }

    private static int word(byte[] b, int i) {
        return (b[i] & 0xff) << 8 | (b[i + 1] & 0xff);
    }
}
