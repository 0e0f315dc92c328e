package com.assessments.common;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

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

    private static JsonNode read() {
        try {
            return new ObjectMapper(new YAMLFactory()).readTree(bytes());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot parse openapi.yaml", e);
        }
    }

    private static byte[] readBytes() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = ContractDocument.class.getClassLoader();
        }
        try (InputStream in = loader.getResourceAsStream("contract/openapi.yaml")) {
            if (in == null) {
                throw new IllegalStateException("contract/openapi.yaml is missing from the class path");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read openapi.yaml", e);
        }
    }
}
