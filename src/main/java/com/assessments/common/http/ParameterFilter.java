package com.assessments.common.http;

import com.assessments.common.error.ApiException;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.ext.Provider;

import java.util.List;

/**
 * Checks the query and header parameters of every contract operation against their declaration in openapi.yaml
 * ({@link ContractParameters}) before JAX-RS converts them: an empty value, a wrong type, a value out of range or
 * outside its enum is 400 validation_error naming the parameter. Runs after authentication and authorization, so a
 * caller without a valid credential learns nothing from it.
 */
@Provider
@Priority(Priorities.USER)
public class ParameterFilter implements ContainerRequestFilter {

    @Inject
    ContractParameters parameters;

    @Override
    public void filter(ContainerRequestContext request) {
        String operationId = ContractResources.operationId(request);
        if (operationId == null) {
            return;
        }
        List<ApiException.FieldIssue> issues = parameters.check(operationId,
                name -> request.getUriInfo().getQueryParameters().get(name),
                name -> request.getHeaders().get(name));
        if (!issues.isEmpty()) {
            throw ApiException.validation(issues);
        }
    }
}
