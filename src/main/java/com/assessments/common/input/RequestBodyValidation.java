package com.assessments.common.input;

import com.assessments.common.error.ApiException;
import com.assessments.common.http.ContractParameters;
import com.assessments.common.http.ContractResources;
import jakarta.inject.Inject;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.Validator;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;

import java.io.IOException;
import java.util.Set;

/**
 * Bean validation of a contract operation's request body, as soon as it is read: the constraints the generated
 * request models carry (required members, lengths, patterns, ranges, and the members and items they cascade to), and
 * an absent body where the contract requires one. The violations go to the error mapper as before: 400
 * validation_error naming each member ({@code candidate.email}, {@code responses[0].questionId}), or {@code request}
 * for a missing body.
 *
 * <p>Here rather than on the resource methods: the generated JAX-RS interfaces carry no bean validation (pom.xml,
 * execution api-interfaces), so Hibernate Validator builds no metadata for the resource classes at start and
 * intercepts no call. Their query and header parameters are checked against the contract by ParameterFilter.
 */
@Provider
public class RequestBodyValidation implements ReaderInterceptor {

    @Context
    ResourceInfo resourceInfo;

    @Inject
    Validator validator;

    @Inject
    ContractParameters contract;

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        Object body = context.proceed();
        String operationId = ContractResources.operationId(resourceInfo);
        if (operationId == null) {
            return body;
        }
        if (body == null) {
            if (contract.bodyRequired(operationId)) {
                throw ApiException.validation("request", "must not be null");
            }
            return null;
        }
        Set<ConstraintViolation<Object>> violations = validator.validate(body);
        if (!violations.isEmpty()) {
            throw new ConstraintViolationException(violations);
        }
        return body;
    }
}
