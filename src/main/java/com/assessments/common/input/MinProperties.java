package com.assessments.common.input;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.util.TokenBuffer;

import java.io.IOException;

/** minProperties of a request schema: counts the members actually sent, null ones included. */
final class MinProperties extends DelegatingDeserializer {
    private final int min;

    MinProperties(JsonDeserializer<?> delegate, int min) {
        super(delegate);
        this.min = min;
    }

    @Override
    protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> delegate) {
        return new MinProperties(delegate, min);
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
        if (!p.isExpectedStartObjectToken()) {
            return super.deserialize(p, ctxt);
        }
        TokenBuffer buffer = ctxt.bufferAsCopyOfValue(p);
        int members = 0;
        try (JsonParser count = buffer.asParserOnFirstToken()) {
            while (count.nextToken() == JsonToken.FIELD_NAME) {
                members++;
                count.nextToken();
                count.skipChildren();
            }
        }
        if (members < min) {
            throw new InputRuleException(p, "must have at least " + min + (min == 1 ? " member" : " members"), handledType());
        }
        try (JsonParser copy = buffer.asParserOnFirstToken()) {
            return super.deserialize(copy, ctxt);
        }
    }
}
