package com.assessments.contract;

import org.cornutum.tcases.SystemTestDef;
import org.cornutum.tcases.openapi.ModelOptions;
import org.cornutum.tcases.openapi.io.TcasesOpenApiIO;
import org.cornutum.tcases.openapi.resolver.RequestCase;
import org.cornutum.tcases.openapi.resolver.RequestCaseDef;
import org.cornutum.tcases.openapi.resolver.RequestCaseResolver;
import org.cornutum.tcases.openapi.resolver.RequestCases;
import org.cornutum.tcases.openapi.resolver.RequestTestDef;
import org.cornutum.tcases.resolve.ResolverContext;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TimeZone;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The request cases Tcases for OpenAPI (org.cornutum.tcases:tcases-openapi) generates from openapi.yaml: its input
 * model of every operation (parameters, body, security), its test cases covering each input's valid values and each
 * way to be invalid (one invalid input per failure case), resolved to concrete values and reduced to the cases that
 * survive serialization into HTTP ({@link RequestCases#realizeRequestCases}).
 * <p>
 * Deterministic: Tcases builds its test cases without randomness; values are resolved with a {@link Random} seeded
 * per case ({@code seed} and the case's position), so a case gets the same values whatever thread resolves it and
 * whichever other cases are sampled. Resolving is CPU-heavy (regexp-gen draws long strings for the URL and origin
 * patterns), so it runs on all cores.
 */
final class GeneratedCases {

    private GeneratedCases() {
    }

    record Generated(List<RequestCase> cases, int definedBeforeSampling, int sampledOut) {
    }

    /**
     * @param maxPerOperation 0 for every case; otherwise at most that many cases per operation, chosen with a
     *                        {@link Random} seeded with {@code seed} (always keeping the operation's auth-failure case)
     */
    static Generated generate(Path spec, long seed, int maxPerOperation) {
        // Tcases formats date-times in the JVM's default zone (yyyy-MM-dd'T'HH:mm:ss.SSSXXX) and pads every value to
        // the 29 characters of a "+hh:mm" offset: in UTC the "Z" suffix comes out as "...Z00000", an invalid date-time
        // in a case Tcases calls valid. Resolving under a fixed non-UTC offset gives "+01:00" and valid values. The
        // service is idle meanwhile (no request is sent, its scheduled jobs are off in tests) and the zone is restored.
        TimeZone zone = TimeZone.getDefault();
        TimeZone.setDefault(TimeZone.getTimeZone("GMT+01:00"));
        try {
            return resolve(spec, seed, maxPerOperation);
        } finally {
            TimeZone.setDefault(zone);
        }
    }

    private static Generated resolve(Path spec, long seed, int maxPerOperation) {
        SystemTestDef tests = TcasesOpenApiIO.getRequestTests(inlineSingleRefAllOf(spec).toFile(), ModelOptions.builder().build());
        List<RequestCaseDef> defs = RequestCases.getRequestCaseDefs(tests);
        int defined = defs.size();
        List<Integer> chosen = sample(defs, seed, maxPerOperation);

        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "tcases-resolver");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<RequestCase>> futures = new ArrayList<>();
            for (int index : chosen) {
                RequestCaseDef def = defs.get(index);
                long caseSeed = seed * 1_000_003L + index;
                futures.add(pool.submit(() -> new RequestCaseResolver(
                        ResolverContext.builder().random(new Random(caseSeed)).build()).resolve(def)));
            }
            List<RequestCase> resolved = new ArrayList<>();
            for (Future<RequestCase> f : futures) {
                RequestCase rc = f.get();
                if (rc != null) {
                    resolved.add(rc);
                }
            }
            List<RequestCase> realized = RequestCases.realizeRequestCases(new RequestTestDef(resolved)).getRequestCases();
            return new Generated(List.copyOf(realized), defined, defined - chosen.size());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("Tcases could not resolve a request case", e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * A copy of the contract in which every {@code allOf: [$ref]} (the way OpenAPI 3.0 adds {@code nullable} or a
     * description to a referenced schema) is replaced by the referenced schema's members. Same instances, same
     * constraints; Tcases 4.1.1 cannot model a nullable {@code allOf} ("This schema can't be satisfied by any
     * instance" on PATCH /api/admin/organizations/{orgId}), so it gets the equivalent inline form.
     */
    static Path inlineSingleRefAllOf(Path spec) {
        try {
            ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
            JsonNode root = yaml.readTree(spec.toFile());
            JsonNode schemas = root.path("components").path("schemas");
            inline(root, schemas);
            Path copy = Files.createTempFile("openapi-for-tcases", ".yaml");
            copy.toFile().deleteOnExit();
            yaml.writeValue(copy.toFile(), root);
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void inline(JsonNode node, JsonNode schemas) {
        if (node instanceof ObjectNode object) {
            JsonNode allOf = object.get("allOf");
            if (allOf != null && allOf.size() == 1 && allOf.get(0).has("$ref")) {
                String name = allOf.get(0).get("$ref").asText().replace("#/components/schemas/", "");
                object.remove("allOf");
                schemas.get(name).fields().forEachRemaining(member -> {
                    if (!object.has(member.getKey())) {
                        object.set(member.getKey(), member.getValue().deepCopy());
                    }
                });
            }
            object.forEach(child -> inline(child, schemas));
        } else if (node instanceof ArrayNode array) {
            array.forEach(child -> inline(child, schemas));
        }
    }

    private static List<Integer> sample(List<RequestCaseDef> defs, long seed, int maxPerOperation) {
        Map<String, List<Integer>> byOperation = new LinkedHashMap<>();
        for (int i = 0; i < defs.size(); i++) {
            RequestCaseDef def = defs.get(i);
            byOperation.computeIfAbsent(def.getOperation() + " " + def.getPath(), k -> new ArrayList<>()).add(i);
        }
        List<Integer> chosen = new ArrayList<>();
        Random random = new Random(seed);
        byOperation.forEach((operation, indexes) -> {
            if (maxPerOperation <= 0 || indexes.size() <= maxPerOperation) {
                chosen.addAll(indexes);
                return;
            }
            List<Integer> keep = new ArrayList<>();
            List<Integer> rest = new ArrayList<>();
            for (int i : indexes) {
                (defs.get(i).isAuthFailure() ? keep : rest).add(i);
            }
            java.util.Collections.shuffle(rest, random);
            keep.addAll(rest.subList(0, Math.max(0, maxPerOperation - keep.size())));
            keep.sort(Comparator.naturalOrder());
            chosen.addAll(keep);
        });
        return chosen;
    }
}
