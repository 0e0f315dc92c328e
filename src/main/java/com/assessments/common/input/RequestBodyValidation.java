package com.assessments.common.input;

import com.assessments.common.error.ApiException;
import com.assessments.common.http.ContractParameters;
import com.assessments.common.http.ContractResources;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;

import java.io.IOException;
import java.util.List;

/**
 * A contract operation's request body checked as soon as it is read: the constraints openapi.yaml puts on its values
 * ({@link BodyConstraints}: required members, lengths, patterns, sizes, ranges, through everything the body holds),
 * and an absent body where the contract requires one. 400 validation_error naming each member
 * ({@code candidate.email}, {@code responses[0].questionId}), or {@code request} for a missing body. The query and
 * header parameters are checked against the contract by ParameterFilter.
 */
@Provider
public class RequestBodyValidation implements ReaderInterceptor {

    @Context
    ResourceInfo resourceInfo;

    @Inject
    BodyConstraints constraints;

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
        List<ApiException.FieldIssue> issues = constraints.check(body);
        if (!issues.isEmpty()) {
            throw ApiException.validation(issues);
        }
        return body;
    }
}
