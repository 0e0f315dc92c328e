package com.assessments.webhook.delivery;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Plain unit tests of the SSRF guard. Only literal IPs, "localhost" and one ".invalid" name are used: no network. */
class SsrfGuardTest {

    private final SsrfGuard strict = new SsrfGuard(Set.of());
    private final SsrfGuard dev = new SsrfGuard(Set.of("127.0.0.1", "localhost"));

    @ParameterizedTest(name = "{0} blocked={1}")
    @CsvSource({
            // IPv4 blocked ranges
            "0.0.0.0,               true",   // unspecified
            "0.1.2.3,               true",   // 0/8
            "10.0.0.1,              true",   // 10/8
            "10.255.255.255,        true",
            "100.64.0.1,            true",   // CGNAT 100.64/10
            "100.127.255.255,       true",
            "127.0.0.1,             true",   // loopback
            "127.255.255.254,       true",
            "169.254.169.254,       true",   // cloud metadata
            "169.254.0.1,           true",   // link-local
            "172.16.0.1,            true",   // 172.16/12
            "172.31.255.255,        true",
            "192.0.0.8,             true",   // 192.0.0/24
            "192.0.2.1,             true",   // TEST-NET-1
            "192.168.1.1,           true",   // 192.168/16
            "198.18.0.1,            true",   // benchmarking 198.18/15
            "198.19.255.255,        true",
            "198.51.100.7,          true",   // TEST-NET-2
            "203.0.113.9,           true",   // TEST-NET-3
            "224.0.0.1,             true",   // multicast
            "239.255.255.250,       true",
            "240.0.0.1,             true",   // reserved 240/4
            "255.255.255.255,       true",   // broadcast
            // IPv4 public, including the neighbours of blocked ranges
            "8.8.8.8,               false",
            "1.1.1.1,               false",
            "93.184.216.34,         false",
            "9.255.255.255,         false",
            "11.0.0.1,              false",
            "100.63.255.255,        false",
            "100.128.0.1,           false",
            "126.255.255.255,       false",
            "128.0.0.1,             false",
            "169.253.255.255,       false",
            "169.255.0.1,           false",
            "172.15.255.255,        false",
            "172.32.0.1,            false",
            "192.0.1.1,             false",
            "192.0.3.1,             false",
            "192.167.255.255,       false",
            "192.169.0.1,           false",
            "198.17.255.255,        false",
            "198.20.0.1,            false",
            "198.51.101.1,          false",
            "203.0.114.1,           false",
            "223.255.255.255,       false",
            // IPv6 blocked ranges
            "::,                    true",   // unspecified
            "::1,                   true",   // loopback
            "fc00::1,               true",   // unique local fc00::/7
            "fdff:ffff::1,          true",
            "fe80::1,               true",   // link-local fe80::/10
            "febf:ffff::1,          true",
            "fec0::1,               true",   // site-local (deprecated)
            "ff02::1,               true",   // multicast
            "ff0e::101,             true",
            "2001:db8::1,           true",   // documentation
            "2001:db8:ffff::1,      true",
            "2001::1,               true",   // Teredo 2001::/32
            "2001:0:4136:e378:8000:63bf:3fff:fdd2, true",
            "100::1,                true",   // discard-only
            "64:ff9b:1::a00:1,      true",   // local-use NAT64
            // IPv4 embedded in IPv6: mapped, compatible, translated, NAT64, 6to4
            "::ffff:127.0.0.1,      true",
            "::ffff:10.0.0.1,       true",
            "::ffff:169.254.169.254, true",
            "::ffff:0.0.0.0,        true",
            "::ffff:192.168.0.1,    true",
            "::127.0.0.1,           true",
            "::10.0.0.1,            true",
            "::169.254.169.254,     true",
            "::8.8.8.8,             true",   // IPv4-compatible is deprecated and never routed
            "::ffff:0:127.0.0.1,    true",
            "64:ff9b::127.0.0.1,    true",
            "64:ff9b::a9fe:a9fe,    true",   // 169.254.169.254
            "64:ff9b::10.1.2.3,     true",
            "2002:7f00:1::1,        true",   // 6to4 of 127.0.0.1
            "2002:a9fe:a9fe::,      true",   // 6to4 of 169.254.169.254
            "2002:c0a8:101::1,      true",   // 6to4 of 192.168.1.1
            "2002:a00:1::,          true",   // 6to4 of 10.0.0.1
            // IPv6 public
            "2606:4700:4700::1111,  false",
            "2001:4860:4860::8888,  false",
            "2a00:1450:4001:80b::200e, false",
            "2001:db9::1,           false",
            "::ffff:8.8.8.8,        false",
            "64:ff9b::8.8.8.8,      false",
            "2002:808:808::1,       false",
    })
    void addressTable(String literal, boolean blocked) throws Exception {
        InetAddress a = literal(literal);
        assertEquals(blocked, SsrfGuard.isBlocked(a), literal + " as " + a);
        if (literal.contains(":") && literal.contains(".") && literal.startsWith("::ffff:") && !literal.startsWith("::ffff:0:")) {
            // Java folds ::ffff:a.b.c.d into an Inet4Address; that form must agree with the raw 16 bytes
            assertEquals(blocked, SsrfGuard.isBlocked(InetAddress.getByName(literal)), literal + " folded");
        }
    }

    @Test
    void theTableCoversAtLeastFortyAddresses() throws Exception {
        CsvSource table = SsrfGuardTest.class.getDeclaredMethod("addressTable", String.class, boolean.class)
                .getAnnotation(CsvSource.class);
        assertTrue(table.value().length >= 40, "only " + table.value().length);
    }

    // ---- URLs ----

    @Test
    void publicLiteralAddressesPass() {
        assertEquals(List.of(literal("8.8.8.8")), strict.resolveAllowed(URI.create("https://8.8.8.8/hooks?x=1")));
        assertEquals(List.of(literal("2606:4700:4700::1111")),
                strict.resolveAllowed(URI.create("https://[2606:4700:4700::1111]:8443/hooks")));
        assertEquals(List.of(literal("1.1.1.1")), strict.resolveAllowed(URI.create("HTTP://1.1.1.1/")));
    }

    @Test
    void allowListedLoopbackPassesOnlyWhenAllowListed() {
        assertEquals(List.of(literal("127.0.0.1")), dev.resolveAllowed(URI.create("http://127.0.0.1:8081/webhook")));
        assertBlocked(strict, "http://127.0.0.1:8081/webhook");
        List<InetAddress> local = dev.resolveAllowed(URI.create("http://localhost:8081/webhook"));
        assertFalse(local.isEmpty());
        local.forEach(a -> assertTrue(a.isLoopbackAddress(), a.toString()));
        assertFalse(dev.resolveAllowed(URI.create("http://LOCALHOST/")).isEmpty());
        assertBlocked(strict, "http://localhost:8081/webhook");
        // the allow-list names a host, not every spelling of its address
        assertBlocked(dev, "http://[::ffff:127.0.0.1]/");
        assertBlocked(dev, "http://127.0.0.2/");
        assertBlocked(dev, "http://[::1]/");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "http://[::ffff:127.0.0.1]/",
            "http://[::ffff:7f00:1]/",
            "http://[::1]/",
            "http://[::]/",
            "http://0.0.0.0:8080/",
            "http://169.254.169.254/latest/meta-data/",
            "http://[::ffff:169.254.169.254]/",
            "http://[64:ff9b::169.254.169.254]/",
            "http://[2002:a9fe:a9fe::1]/",
            "http://[fe80::1%25eth0]/",
            "http://[fd00::1]/",
            "https://10.0.0.5/",
            "https://192.168.0.10:443/x",
            "http://100.100.100.200/",
    })
    void privateAndSpecialAddressesAreBlocked(String url) {
        assertBlocked(strict, url);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "http://2130706433/",          // 127.0.0.1 as one decimal number
            "http://0x7f.1/",
            "http://0x7f000001/",
            "http://017700000001/",        // octal
            "http://0177.0.0.1/",          // octal 127 for C resolvers, 177 for Java
            "http://127.1/",
            "http://127.0.0.01/",
            "http://0x7f.0x0.0x0.0x1/",
            "http://3232235777/",          // 192.168.1.1
            "http://2852039166/",          // 169.254.169.254
            "http://134744072/",           // 8.8.8.8: public, but still not in canonical form
            "http://1.2.3.4.5/",
            "http://256.1.1.1/",
            "http://8.8.8.08/",
    })
    void nonCanonicalNumericHostsAreBlockedWithoutDns(String url) {
        assertBlocked(strict, url);
    }

    @Test
    void onlyHttpAndHttps() {
        assertBlocked(strict, "ftp://8.8.8.8/file");
        assertBlocked(strict, "file:///etc/passwd");
        assertBlocked(strict, "gopher://8.8.8.8:70/");
        assertBlocked(strict, "jar:http://8.8.8.8/x.jar!/");
        assertBlocked(strict, "//8.8.8.8/no-scheme");
        assertBlocked(dev, "ftp://127.0.0.1/");
    }

    @Test
    void noUserInfo() {
        assertBlocked(strict, "http://user:pw@8.8.8.8/");
        assertBlocked(strict, "https://user@8.8.8.8/");
        assertBlocked(dev, "http://user@127.0.0.1/");
        SsrfGuard.Blocked e = assertThrows(SsrfGuard.Blocked.class,
                () -> strict.resolveAllowed(URI.create("http://a:b@8.8.8.8/")));
        assertTrue(e.getMessage().contains("user info"), e.getMessage());
    }

    @Test
    void aHostIsRequired() {
        assertBlocked(strict, "http:///path");
        assertBlocked(strict, "http:8.8.8.8");
        assertBlocked(strict, "https://exa_mple.com/");
        assertThrows(SsrfGuard.Blocked.class, () -> strict.resolveAllowed(null));
    }

    @Test
    void addressRefusalsNameNoAddressAndAreTheSameForUnresolvableHosts() {
        // one message for every host that resolves to a blocked address and for one that does not resolve at all
        // (".invalid" never resolves, RFC 6761), so answers map no internal DNS; the resolved address is never named
        String expected = message(strict, "http://169.254.169.254/latest/meta-data/");
        assertFalse(expected.contains("169.254"), expected);
        for (String url : List.of("https://127.0.0.2/", "http://[::1]/", "https://10.0.0.5/", "https://nonexistent.invalid/")) {
            assertEquals(expected, message(strict, url), url);
        }
        assertEquals(expected, message(dev, "https://nonexistent.invalid/"));
        assertTrue(message(strict, "ftp://8.8.8.8/").contains("http or https"));
    }

    // ---- helpers ----

    private static String message(SsrfGuard guard, String url) {
        return assertThrows(SsrfGuard.Blocked.class, () -> guard.resolveAllowed(URI.create(url)), url).getMessage();
    }

    private static void assertBlocked(SsrfGuard guard, String url) {
        assertThrows(SsrfGuard.Blocked.class, () -> guard.resolveAllowed(URI.create(url)), url);
    }

    /** An address from a literal, keeping IPv4-mapped IPv6 as 16 raw bytes (Java would fold it into IPv4). */
    private static InetAddress literal(String text) {
        if (!text.matches("[0-9a-fA-F:.]+")) {
            throw new IllegalArgumentException("not a literal (would need DNS): " + text);
        }
        try {
            InetAddress a = InetAddress.getByName(text);
            if (text.contains(":") && a instanceof Inet4Address) {
                byte[] b = new byte[16];
                b[10] = (byte) 0xff;
                b[11] = (byte) 0xff;
                System.arraycopy(a.getAddress(), 0, b, 12, 4);
                return Inet6Address.getByAddress(null, b, -1);
            }
            return a;
        } catch (java.net.UnknownHostException e) {
            throw new IllegalArgumentException(text, e);
        }
    }
}
