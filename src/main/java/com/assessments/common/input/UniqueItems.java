package com.assessments.common.input;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.deser.std.ContainerDeserializerBase;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.util.TokenBuffer;

import java.io.IOException;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;

/** uniqueItems: a repeated item is refused at its index (events[1]) instead of being merged away by the Set. */
final class UniqueItems extends DelegatingDeserializer {
    UniqueItems(JsonDeserializer<?> delegate) {
        super(delegate);
    }

    @Override
    protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> delegate) {
        return new UniqueItems(delegate);
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        if (!p.isExpectedStartArrayToken()) {
            return super.deserialize(p, ctxt);
        }
        TokenBuffer buffer = ctxt.bufferAsCopyOfValue(p);
        Object result;
        try (JsonParser copy = buffer.asParserOnFirstToken()) {
            result = super.deserialize(copy, ctxt);
        }
        int items = 0;
        try (JsonParser count = buffer.asParserOnFirstToken()) {
            while (count.nextToken() != JsonToken.END_ARRAY) {
                items++;
                count.skipChildren();
            }
        }
        if (result instanceof Collection<?> collection && collection.size() < items) {
            InputRuleException e = new InputRuleException(p, InputRules.DUPLICATE_ISSUE, handledType());
            int at = firstRepeat(buffer, ctxt);
            if (at >= 0) {
                e.prependPath(null, at);
            }
            throw e;
        }
        return result;
    }

    /** The index of the first item equal to an earlier one, or -1 when the items cannot be read one by one. */
    @SuppressWarnings("unchecked")
    private int firstRepeat(TokenBuffer buffer, DeserializationContext ctxt) throws IOException {
        if (!(_delegatee instanceof ContainerDeserializerBase<?> container) || container.getContentDeserializer() == null) {
            return -1;
        }
        JsonDeserializer<Object> items = (JsonDeserializer<Object>) container.getContentDeserializer();
        Set<Object> seen = new HashSet<>();
        try (JsonParser p = buffer.asParserOnFirstToken()) {
            int index = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                Object item = p.currentToken() == JsonToken.VALUE_NULL ? null : items.deserialize(p, ctxt);
                if (!seen.add(item)) {
                    return index;
                }
                index++;
            }
        }
        return -1;
    }
}
