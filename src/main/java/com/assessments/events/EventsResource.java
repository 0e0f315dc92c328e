package com.assessments.events;

import com.assessments.api.EventsApi;
import com.assessments.api.model.EventType;
import com.assessments.common.PageResult;
import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import com.assessments.key.Caller;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.OffsetDateTime;

/** The polling fallback: events exactly as they are delivered to webhook endpoints. */
public class EventsResource implements EventsApi {

    private final EventLog log;
    private final Caller caller;
    private final ObjectMapper mapper;

    public EventsResource(EventLog log, Caller caller, ObjectMapper mapper) {
        this.log = log;
        this.caller = caller;
        this.mapper = mapper;
    }

    @Override
    @RunOnVirtualThread
    public Response listEvents(EventType type, String sessionId, OffsetDateTime createdAfter, OffsetDateTime createdBefore,
                               Integer limit, Integer offset) {
        EventLog.Filter filter = new EventLog.Filter(type == null ? null : type.toString(), sessionId,
                createdAfter == null ? null : createdAfter.toInstant(), createdBefore == null ? null : createdBefore.toInstant());
        PageResult<String> page = log.list(caller.organizationId(), caller.environment(), filter, limit, offset);
        ObjectNode body = mapper.createObjectNode();
        ArrayNode data = body.putArray("data");
        page.items().forEach(p -> data.add(read(p)));
        body.put("total", page.total()).put("limit", limit).put("offset", offset);
        return Response.ok(body).build();
    }

    @Override
    @RunOnVirtualThread
    public Response getEvent(String id) {
        String payload = log.find(id, caller.organizationId(), caller.environment())
                .orElseThrow(() -> new ApiException(ErrorCode.EVENT_NOT_FOUND, "No event " + id + "."));
        return Response.ok(payload, MediaType.APPLICATION_JSON_TYPE).build();
    }

    private ObjectNode read(String json) {
        try {
            return (ObjectNode) mapper.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
