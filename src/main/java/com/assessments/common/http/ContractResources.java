package com.assessments.common.http;

import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ResourceInfo;
import org.jboss.resteasy.reactive.server.spi.ResteasyReactiveContainerRequestContext;
import org.jboss.resteasy.reactive.server.spi.ResteasyReactiveResourceInfo;
import org.jboss.resteasy.reactive.server.spi.ServerRequestContext;

import java.lang.reflect.Method;

/**
 * Whether a resource class implements one of the interfaces generated from openapi.yaml (package
 * {@value #CONTRACT_PACKAGE}, whose method names are the operation ids): the request filters apply the contract's
 * security and parameter rules to those routes only. Worked out once per class, not on every request.
 */
public final class ContractResources {

    /** The package of the interfaces generated from openapi.yaml. */
    public static final String CONTRACT_PACKAGE = "com.assessments.api";

    private static final ClassValue<Boolean> IMPLEMENTS_CONTRACT = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                for (Class<?> i : c.getInterfaces()) {
                    if (i.getPackageName().equals(CONTRACT_PACKAGE)) {
                        return true;
                    }
                }
            }
            return false;
        }
    };

    private ContractResources() {
    }

    /**
     * The resource method a request filter's request was matched to, as Quarkus REST holds it. An injected
     * ResourceInfo is a request-scoped client proxy, looked up on every call (0.9 % of a GET session's samples in a
     * profile, for the authentication filter alone). Anything but Quarkus REST's context is refused: the filters that
     * call this decide authentication, and must not run on a guess.
     */
    public static ResteasyReactiveResourceInfo matched(ContainerRequestContext request) {
        ServerRequestContext quarkus = quarkusRest(request);
        if (quarkus == null) {
            throw new IllegalStateException("not a Quarkus REST request context: " + request.getClass().getName());
        }
        return quarkus.getResteasyReactiveResourceInfo();
    }

    /**
     * Quarkus REST's own context behind a filter's request context (the matched method, the HTTP response it writes),
     * or null for a context that is not Quarkus REST's: each caller decides what a wrapped one means.
     */
    public static ServerRequestContext quarkusRest(ContainerRequestContext request) {
        return request instanceof ResteasyReactiveContainerRequestContext quarkus ? quarkus.getServerRequestContext() : null;
    }

    /** {@link #operationId(ResourceInfo)} of the method a request filter's request was matched to. */
    public static String operationId(ContainerRequestContext request) {
        return operationId(matched(request));
    }

    /**
     * The operation id of the matched resource method when its class implements a contract interface; null when it
     * does not, or when no resource method was matched. Reads the resource method once: on an injected ResourceInfo
     * (where no request context is at hand, as in a reader interceptor) every call goes through its client proxy.
     */
    public static String operationId(ResourceInfo resourceInfo) {
        Method method = resourceInfo == null ? null : resourceInfo.getResourceMethod();
        return method != null && implementsContract(resourceInfo.getResourceClass()) ? method.getName() : null;
    }

    /** True when the class, or a superclass, implements a contract interface. */
    public static boolean implementsContract(Class<?> resourceClass) {
        return IMPLEMENTS_CONTRACT.get(resourceClass);
    }
}
