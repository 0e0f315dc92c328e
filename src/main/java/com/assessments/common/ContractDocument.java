package com.assessments.common;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * openapi.yaml as the running service reads it (META-INF/openapi.yaml, copied there by the build): route security,
 * parameter rules and request-schema rules are all read from this one document.
 */
public final class ContractDocument {

    private static volatile JsonNode tree;

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

    private static JsonNode read() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = ContractDocument.class.getClassLoader();
        }
        try (InputStream in = loader.getResourceAsStream("META-INF/openapi.yaml")) {
            if (in == null) {
                throw new IllegalStateException("META-INF/openapi.yaml is missing from the class path");
            }
            return new ObjectMapper(new YAMLFactory()).readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read openapi.yaml", e);
        }
    }
}
