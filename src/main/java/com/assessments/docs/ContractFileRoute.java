package com.assessments.docs;

import com.assessments.common.ContractDocument;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.ext.web.Router;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

/**
 * {@code GET /q/openapi} in YAML (its default form) answers the bytes of openapi.yaml, comments and layout included:
 * SmallRye would re-serialize the document. The JSON form ({@code ?format=json} or {@code Accept: application/json})
 * stays SmallRye's, the same document converted.
 */
@Singleton
public class ContractFileRoute {

    void install(@Observes Router router) {
        Buffer file = Buffer.buffer(ContractDocument.bytes());
        router.route(HttpMethod.GET, "/q/openapi").order(Integer.MIN_VALUE + 200).handler(ctx -> {
            String format = ctx.request().getParam("format");
            String accept = ctx.request().getHeader("Accept");
            boolean json = "json".equalsIgnoreCase(format)
                    || (format == null && accept != null && accept.contains("application/json"));
            if (json) {
                ctx.next();
                return;
            }
            ctx.response().putHeader("Content-Type", "application/yaml;charset=UTF-8").end(file);
        });
    }
}
