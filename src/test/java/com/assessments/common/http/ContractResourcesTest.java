package com.assessments.common.http;

import com.assessments.session.rest.SessionsResource;
import jakarta.ws.rs.container.ContainerRequestContext;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Proxy;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ContractResourcesTest {

    @Test
    void refusesARequestContextThatIsNotQuarkusRests() {
        // authentication decides on the matched method: a context it cannot read is an error, never "no method"
        ContainerRequestContext wrapped = (ContainerRequestContext) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[]{ContainerRequestContext.class}, (proxy, method, args) -> null);
        assertThrows(IllegalStateException.class, () -> ContractResources.matched(wrapped));
        assertThrows(IllegalStateException.class, () -> ContractResources.operationId(wrapped));
        assertNull(ContractResources.quarkusRest(wrapped), "the rate-limit headers then take the portable way");
    }

    @Test
    void knowsTheClassesThatImplementTheContract() {
        assertTrue(ContractResources.implementsContract(SessionsResource.class));
        assertFalse(ContractResources.implementsContract(String.class));
    }
}
