package com.assessments.support;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.atlassian.oai.validator.restassured.OpenApiValidationFilter;
import io.restassured.RestAssured;
import io.restassured.specification.RequestSpecification;

import java.nio.file.Path;

/**
 * Every response the tests receive is validated against openapi.yaml. Requests are not: many tests send
 * deliberately bad ones. Unknown routes cannot be matched to an operation; their envelope is checked
 * field by field in the tests that make them.
 */
public final class Contract {

    public static final String SPEC = Path.of("openapi.yaml").toAbsolutePath().toUri().toString();

    private static final OpenApiValidationFilter FILTER = new OpenApiValidationFilter(
            OpenApiInteractionValidator.createForSpecificationUrl(SPEC)
                    .withLevelResolver(LevelResolver.create()
                            .withLevel("validation.request", ValidationReport.Level.IGNORE)
                            .withLevel("validation.response.body.schema.additionalProperties", ValidationReport.Level.ERROR)
                            .build())
                    .build());

    private Contract() {
    }

    /** A request whose response must match the contract. */
    public static RequestSpecification api() {
        return RestAssured.given().filter(FILTER);
    }

    /** A request to a route outside the contract (unknown routes, docs pages). */
    public static RequestSpecification raw() {
        return RestAssured.given();
    }
}
