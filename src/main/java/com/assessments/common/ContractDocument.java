package com.assessments.common;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Set;
import java.util.zip.CRC32C;

/**
 * openapi.yaml as the running service reads it (contract/openapi.yaml, copied there by the build): route security,
 * parameter rules and request-schema rules are all read from this one document.
 */
public final class ContractDocument {

    private static volatile JsonNode tree;
    private static volatile byte[] bytes;

    private ContractDocument() {
    }

    /**
     * The parsed document without its prose, read once; treat it as read-only. What the service checks (routes, scopes,
     * parameters, request schemas) is all there; descriptions, summaries and examples, half of the file's bytes, are
     * not (see {@link #withoutProse}).
     */
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
     * The build's rules copy of this very file when there is one (parsing 350 KB of YAML took 110-180 ms of the start's
     * main thread, the whole file as JSON about a quarter of that, and this copy, without the prose, half of that
     * again), else the YAML itself, parsed and stripped. The copy is named after the YAML's checksum, so a copy left
     * from an earlier version of the file (dev mode copies the YAML again, not the JSON) is never taken for it.
     */
    private static JsonNode read() {
        byte[] yaml = bytes();
        byte[] rules = resource(rulesCopyName(yaml));
        if (rules == null) {
            return withoutProse(parseYaml(yaml));
        }
        try {
            return new ObjectMapper().readTree(rules);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot parse " + rulesCopyName(yaml), e);
        }
    }

    private static JsonNode parseYaml(byte[] yaml) {
        try {
            return new ObjectMapper(new YAMLFactory()).readTree(yaml);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot parse openapi.yaml", e);
        }
    }

    /** Keywords whose values are prose or samples for people: no rule of the service reads them. */
    private static final Set<String> PROSE = Set.of("description", "summary", "example", "examples", "externalDocs");
    /** Objects whose keys are names (members, paths, statuses, media types, components), never keywords. */
    private static final Set<String> NAMED = Set.of("properties", "paths", "responses", "schemas", "parameters", "headers",
            "requestBodies", "securitySchemes", "links", "callbacks", "content", "encoding", "mapping", "variables", "scopes",
            "webhooks", "pathItems", "patternProperties", "dependentSchemas", "dependentRequired", "$defs", "definitions");
    /** Lists of objects whose keys are names: a security requirement's keys are its schemes. */
    private static final Set<String> LISTS_OF_NAMED = Set.of("security");
    /** Values that are data, not schema: copied as they are, whatever keys they hold. */
    private static final Set<String> DATA = Set.of("default", "enum", "const");

    /**
     * A copy of the document without its prose keywords ({@link #PROSE}); a member, path, component or security scheme
     * that happens to be called "description" or "example" is a name, not a keyword, and stays, and so does any data
     * (defaults, enums, constants, extensions' values).
     */
    static JsonNode withoutProse(JsonNode document) {
        return withoutProse(document, false);
    }

    private static JsonNode withoutProse(JsonNode node, boolean keysAreNames) {
        if (node.isObject()) {
            ObjectNode copy = JsonNodeFactory.instance.objectNode();
            node.properties().forEach(member -> {
                String key = member.getKey();
                if (keysAreNames) {
                    copy.set(key, withoutProse(member.getValue(), false));
                } else if (DATA.contains(key) || key.startsWith("x-")) {
                    copy.set(key, member.getValue().deepCopy());
                } else if (!PROSE.contains(key)) {
                    copy.set(key, member.getValue().isArray() && LISTS_OF_NAMED.contains(key)
                            ? namedItems(member.getValue()) : withoutProse(member.getValue(), NAMED.contains(key)));
                }
            });
            return copy;
        }
        if (node.isArray()) {
            ArrayNode copy = JsonNodeFactory.instance.arrayNode();
            node.forEach(item -> copy.add(withoutProse(item, false)));
            return copy;
        }
        return node;
    }

    private static ArrayNode namedItems(JsonNode list) {
        ArrayNode copy = JsonNodeFactory.instance.arrayNode();
        list.forEach(item -> copy.add(withoutProse(item, true)));
        return copy;
    }

    /**
     * The whole document as JSON (served at /q/openapi?format=json): the build's copy when there is one of this very
     * file, else the YAML parsed and written out, which is what the build writes.
     */
    public static byte[] json() {
        byte[] copy = resource(jsonCopyName(bytes()));
        return copy != null ? copy : toJson(parseYaml(bytes()));
    }

    private static byte[] toJson(JsonNode tree) {
        try {
            return new ObjectMapper().writeValueAsBytes(tree);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * contract/openapi-LENGTH-CRC.json: the YAML's length and CRC-32C, in hex. A checksum, not a digest: it tells a
     * copy of another version of the file from this one's (what dev mode can leave), and costs little at start, where
     * a SHA-256 of the file ran interpreted for about 30 ms.
     */
    static String jsonCopyName(byte[] yaml) {
        return "contract/openapi-" + checksum(yaml) + ".json";
    }

    /** contract/openapi-LENGTH-CRC-rules.json: the copy {@link #tree()} reads, without the prose. */
    static String rulesCopyName(byte[] yaml) {
        return "contract/openapi-" + checksum(yaml) + "-rules.json";
    }

    private static String checksum(byte[] yaml) {
        CRC32C crc = new CRC32C();
        crc.update(yaml);
        return Integer.toHexString(yaml.length) + "-" + HexFormat.of().toHexDigits((int) crc.getValue());
    }

    /**
     * The build step (exec-maven-plugin, process-classes): writes the two JSON copies of contract/openapi.yaml next to
     * it, the whole document (served) and its rules (read at start). Arguments: the classes directory.
     */
    public static void main(String[] args) throws IOException {
        Path contract = Path.of(args[0], "contract");
        byte[] yaml = Files.readAllBytes(contract.resolve("openapi.yaml"));
        try (var old = Files.newDirectoryStream(contract, "openapi-*.json")) {
            for (Path p : old) {
                Files.delete(p);
            }
        }
        JsonNode document = parseYaml(yaml);
        Files.write(Path.of(args[0]).resolve(jsonCopyName(yaml)), toJson(document));
        Files.write(Path.of(args[0]).resolve(rulesCopyName(yaml)), toJson(withoutProse(document)));
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
