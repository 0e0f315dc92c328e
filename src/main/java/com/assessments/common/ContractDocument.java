package com.assessments.common;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;

/**
 * openapi.yaml as the running service reads it (contract/openapi.yaml, copied there by the build): route security,
 * parameter rules and request-schema rules are all read from this one document.
 */
public final class ContractDocument {

    private static volatile JsonNode tree;
    private static volatile byte[] bytes;

    private ContractDocument() {
    }

    /** The parsed document, read once; treat it as read-only. */
    public static JsonNode tree() {
        JsonNode t = tree;
        if (t == null) {
            synchronized (ContractDocument.class) {
                if (tree == null) {
                    tree = read();
                }
                t = tree;
            }
        }
        return t;
    }

    /** The file's bytes as the build copied them (served unchanged at /q/openapi), read once. */
    public static byte[] bytes() {
        byte[] b = bytes;
        if (b == null) {
            synchronized (ContractDocument.class) {
                if (bytes == null) {
                    bytes = readBytes();
                }
                b = bytes;
            }
        }
        return b;
    }

    /**
     * The build's JSON copy of this very file when there is one (parsing 350 KB of YAML took 110-180 ms of the start's
     * main thread, the JSON copy about a quarter of that), else the YAML itself. The copy is named after the YAML's
     * digest, so a copy left from an earlier version of the file (dev mode copies the YAML again, not the JSON) is
     * never taken for it.
     */
    private static JsonNode read() {
        byte[] yaml = bytes();
        try {
            byte[] json = resource(jsonCopyName(yaml));
            return json != null ? new ObjectMapper().readTree(json) : new ObjectMapper(new YAMLFactory()).readTree(yaml);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot parse openapi.yaml", e);
        }
    }

    /**
     * The document as JSON (served at /q/openapi?format=json): the build's copy when there is one of this very file,
     * else the parsed tree written out, which is what the build writes.
     */
    public static byte[] json() {
        byte[] copy = resource(jsonCopyName(bytes()));
        return copy != null ? copy : toJson(tree());
    }

    private static byte[] toJson(JsonNode tree) {
        try {
            return new ObjectMapper().writeValueAsBytes(tree);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** contract/openapi-DIGEST.json: the first 16 hex digits of the YAML's SHA-256. */
    static String jsonCopyName(byte[] yaml) {
        return "contract/openapi-" + HexFormat.of().formatHex(Hashing.sha256(yaml), 0, 8) + ".json";
    }

    /**
     * The build step (exec-maven-plugin, process-classes): writes the JSON copy of contract/openapi.yaml next to it.
     * Arguments: the classes directory.
     */
    public static void main(String[] args) throws IOException {
        Path contract = Path.of(args[0], "contract");
        byte[] yaml = Files.readAllBytes(contract.resolve("openapi.yaml"));
        try (var old = Files.newDirectoryStream(contract, "openapi-*.json")) {
            for (Path p : old) {
                Files.delete(p);
            }
        }
        Files.write(Path.of(args[0]).resolve(jsonCopyName(yaml)), toJson(new ObjectMapper(new YAMLFactory()).readTree(yaml)));
    }

    private static byte[] readBytes() {
        byte[] b = resource("contract/openapi.yaml");
        if (b == null) {
            throw new IllegalStateException("contract/openapi.yaml is missing from the class path");
        }
        return b;
    }

    private static byte[] resource(String name) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = ContractDocument.class.getClassLoader();
        }
        try (InputStream in = loader.getResourceAsStream(name)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name, e);
        }
    }
}
