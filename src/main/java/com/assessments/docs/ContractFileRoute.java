package com.assessments.docs;

import com.assessments.common.ContractDocument;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

/**
 * {@code GET /q/openapi} answers openapi.yaml itself: in YAML (its default form, also {@code /q/openapi.yaml} and
 * {@code .yml}) the file's bytes, comments and layout included; in JSON ({@code ?format=json}, {@code Accept:
 * application/json} or {@code /q/openapi.json}) the same tree as JSON (the build's copy, {@link ContractDocument#json}). The
 * file is not where SmallRye OpenAPI looks for a static document (META-INF/openapi.yaml), so SmallRye keeps only an
 * empty one: it would otherwise parse the 350 KB file at build and again at every start (0.4 s of the start's main
 * thread) to serve a re-serialized copy. Its handler still answers what this route leaves to it (OPTIONS).
 */
@Singleton
public class ContractFileRoute {

    private static final String PATH = "/q/openapi";
    private volatile Buffer json;

    void install(@Observes Router router) {
        Buffer yaml = Buffer.buffer(ContractDocument.bytes());
        router.routeWithRegex("/q/openapi(\\.json|\\.yaml|\\.yml)?").order(Integer.MIN_VALUE + 200).handler(ctx -> {
            HttpMethod method = ctx.request().method();
            if (method != HttpMethod.GET && method != HttpMethod.HEAD) {
                ctx.next();
                return;
            }
            if (wantsJson(ctx)) {
                ctx.response().putHeader("Content-Type", "application/json;charset=UTF-8").end(json());
            } else {
                ctx.response().putHeader("Content-Type", "application/yaml;charset=UTF-8").end(yaml);
            }
        });
    }

    private static boolean wantsJson(RoutingContext ctx) {
        String path = ctx.normalizedPath();
        if (!PATH.equals(path)) {
            return path.endsWith(".json");
        }
        String format = ctx.request().getParam("format");
        if (format != null) {
            return "json".equalsIgnoreCase(format);
        }
        String accept = ctx.request().getHeader("Accept");
        return accept != null && accept.contains("application/json");
    }

    private Buffer json() {
        Buffer b = json;
        if (b == null) {
            b = Buffer.buffer(ContractDocument.json());
            json = b;
        }
        return b;
    }
}
