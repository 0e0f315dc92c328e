package com.assessments.sdk;

import com.assessments.sdk.internal.api.EventsApi;
import com.assessments.sdk.model.Event;
import com.assessments.sdk.model.EventList;

/** Events (the same objects webhooks deliver), for polling. */
public final class EventsService {

    private final EventsApi api;
    private final Transport transport;

    EventsService(EventsApi api, Transport transport) {
        this.api = api;
        this.transport = transport;
    }

    public Event retrieve(String id) {
        return transport.execute(true, () -> api.getEventWithHttpInfo(id));
    }

    public Page<Event> list() {
        return list(new EventListParams());
    }

    /** The first page of the events matching the filters, newest first. */
    public Page<Event> list(EventListParams params) {
        return listAt(params, 0);
    }

    private Page<Event> listAt(EventListParams p, int offset) {
        EventList list = transport.execute(true, () -> api.listEventsWithHttpInfo(p.type, p.sessionId, p.createdAfter,
                p.createdBefore, p.limit, offset));
        return new Page<>(list.getData(), list.getTotal(), list.getLimit(), list.getOffset(), next -> listAt(p, next));
    }
}
