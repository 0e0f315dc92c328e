package com.assessments.common.input;

import com.assessments.api.model.CreateSessionRequest;
import com.assessments.api.model.KeyPairRequest;
import com.assessments.api.model.OrganizationUpdateRequest;
import com.assessments.api.model.RecoverRequest;
import com.assessments.api.model.SubmitRequest;
import com.assessments.api.model.WebhookEndpointCreateRequest;
import com.assessments.api.model.WebhookEndpointUpdateRequest;
import com.assessments.common.StrictJson;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidNullException;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The Jackson side of the input rules, without the HTTP stack: what is refused and the path it is refused at. */
class InputRulesTest {

    private static final ObjectMapper MAPPER = mapper();

    private static ObjectMapper mapper() {
        ObjectMapper m = new ObjectMapper().registerModule(new JavaTimeModule());
        new StrictJson().customize(m);
        return m;
    }

    private static String path(JsonMappingException e) {
        return e.getPath().stream().map(r -> r.getFieldName() != null ? "." + r.getFieldName() : "[" + r.getIndex() + "]")
                .collect(Collectors.joining()).replaceFirst("^\\.", "");
    }

    private static JsonMappingException refused(String json, Class<?> type) {
        return assertThrows(JsonMappingException.class, () -> MAPPER.readValue(json, type), json);
    }

    @Test
    void nulInStringsKeysAndUntypedValues() {
        var e = refused("{\"assessmentType\":\"disc\",\"candidate\":{\"externalId\":\"a\",\"name\":\"x\\u0000y\"}}", CreateSessionRequest.class);
        assertInstanceOf(InputRuleException.class, e);
        assertEquals("candidate.name", path(e));
        e = refused("{\"assessmentType\":\"disc\",\"candidate\":{\"externalId\":\"a\"},\"metadata\":{\"k\":\"\\u0000\"}}", CreateSessionRequest.class);
        assertEquals("metadata.k", path(e));
        e = refused("{\"assessmentType\":\"disc\",\"candidate\":{\"externalId\":\"a\"},\"metadata\":{\"k\\u0000\":\"v\"}}", CreateSessionRequest.class);
        assertEquals("metadata", path(e));
        e = refused("{\"assessmentType\":\"disc\",\"candidate\":{\"externalId\":\"a\"},\"metadata\":{\"k\":[\"a\",{\"b\":\"\\u0000\"}]}}", CreateSessionRequest.class);
        assertEquals("metadata.k", path(e)); // nested values are refused by the metadata rules anyway
        e = refused("{\"environment\":\"test\",\"allowedOrigins\":[\"https://a.example\",\"https://\\u0000\"]}", KeyPairRequest.class);
        assertEquals("allowedOrigins", path(e).replaceAll("\\[.*", ""));
    }

    @Test
    void nullItemsAndNonNullableMembers() {
        var e = refused("{\"responses\":[null]}", SubmitRequest.class);
        assertInstanceOf(InvalidNullException.class, e);
        assertEquals("responses[0]", path(e));
        e = refused("{\"url\":\"https://a.example\",\"events\":[\"session.completed\",null]}", WebhookEndpointCreateRequest.class);
        assertEquals("events[1]", path(e));
        e = refused("{\"environment\":\"test\",\"scopes\":[null]}", KeyPairRequest.class);
        assertEquals("scopes[0]", path(e));
        e = refused("{\"assessmentType\":\"disc\",\"candidate\":{\"externalId\":\"a\"},\"metadata\":{\"k\":null}}", CreateSessionRequest.class);
        assertEquals("metadata.k", path(e));
        e = refused("{\"assessmentType\":\"disc\",\"candidate\":{\"externalId\":\"a\",\"email\":null}}", CreateSessionRequest.class);
        assertEquals("candidate.email", path(e));
        e = refused("{\"assessmentType\":\"disc\",\"candidate\":{\"externalId\":\"a\"},\"config\":null}", CreateSessionRequest.class);
        assertEquals("config", path(e));
        e = refused("{\"licenses\":{\"disc\":null}}", OrganizationUpdateRequest.class);
        assertEquals("licenses.disc", path(e));
    }

    @Test
    void nullableMembersTakeNull() throws Exception {
        var patch = MAPPER.readValue("{\"name\":null,\"assessmentTypes\":null,\"licenses\":null,\"rateLimitPerMinute\":null}",
                OrganizationUpdateRequest.class);
        assertNull(patch.getName());
        var hook = MAPPER.readValue("{\"url\":null,\"events\":null,\"description\":null,\"status\":null}", WebhookEndpointUpdateRequest.class);
        assertNull(hook.getStatus());
        var keys = MAPPER.readValue("{\"environment\":\"test\",\"scopes\":null,\"products\":null}", KeyPairRequest.class);
        assertNull(keys.getScopes());
        var submit = MAPPER.readValue("{\"responses\":[{\"questionId\":\"q\",\"response\":1,\"dimension\":null,\"responseTimeMs\":null}]}",
                SubmitRequest.class);
        assertNull(submit.getResponses().get(0).getDimension());
        // response DTOs and other classes are not request schemas: stored JSON reads back as before
        assertEquals(Map.of("a", "b"), MAPPER.readValue("{\"a\":\"b\"}", Map.class));
    }

    @Test
    void uniqueItems() {
        var e = refused("{\"url\":\"https://a.example\",\"events\":[\"session.completed\",\"session.failed\",\"session.completed\"]}",
                WebhookEndpointCreateRequest.class);
        assertInstanceOf(InputRuleException.class, e);
        assertEquals("events[2]", path(e));
        e = refused("{\"assessmentTypes\":[\"disc\",\"disc\"]}", OrganizationUpdateRequest.class);
        assertEquals("assessmentTypes[1]", path(e));
        e = refused("{\"environment\":\"test\",\"allowedOrigins\":[\"https://a.example\",\"https://a.example\"]}", KeyPairRequest.class);
        assertEquals("allowedOrigins[1]", path(e));
    }

    @Test
    void minProperties() {
        var e = refused("{}", OrganizationUpdateRequest.class);
        assertInstanceOf(InputRuleException.class, e);
        assertEquals("", path(e));
        refused("{}", WebhookEndpointUpdateRequest.class);
    }

    @Test
    void datesInYears1To9999() throws Exception {
        for (String since : new String[]{"-999999999-01-01T00:00:00Z", "+10000-01-01T00:00:00Z", "0000-12-31T23:59:59Z",
                "0001-01-01T00:30:00+01:00"}) {
            var e = refused("{\"since\":\"" + since + "\"}", RecoverRequest.class);
            assertInstanceOf(InputRuleException.class, e, since);
            assertEquals("since", path(e));
        }
        var e = refused("{\"since\":\"2025-06-01T00:00:00Z\\u0000\"}", RecoverRequest.class);
        assertEquals("since", path(e));
        MAPPER.readValue("{\"since\":\"0001-01-01T00:00:00Z\",\"until\":\"9999-12-31T23:59:59.999999Z\"}", RecoverRequest.class);
    }
}
