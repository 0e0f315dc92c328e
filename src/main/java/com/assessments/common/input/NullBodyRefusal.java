package com.assessments.common.input;

import com.assessments.common.error.ApiException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.ReaderInterceptor;
import jakarta.ws.rs.ext.ReaderInterceptorContext;

import java.io.ByteArrayInputStream;
import java.io.IOException;

/**
 * A JSON body that is the literal {@code null}: 400 validation_error. Every request body of the contract is an object,
 * and Jackson reads {@code null} as "no body", which an operation whose body is optional (key rotation, secret
 * rotation) would then take as "use the defaults". Bodies are small (the HTTP edge caps them), so reading one here
 * to look at it costs a copy of at most that many bytes.
 */
@Provider
public class NullBodyRefusal implements ReaderInterceptor {

    @Override
    public Object aroundReadFrom(ReaderInterceptorContext context) throws IOException {
        if (!MediaType.APPLICATION_JSON_TYPE.isCompatible(context.getMediaType())) {
            return context.proceed();
        }
        byte[] body = context.getInputStream().readAllBytes();
        if (isJsonNull(body)) {
            throw ApiException.validation("body", "must be a JSON object, not null");
        }
        context.setInputStream(new ByteArrayInputStream(body));
        return context.proceed();
    }

    static boolean isJsonNull(byte[] body) {
        int start = 0;
        int end = body.length;
        while (start < end && isJsonWhitespace(body[start])) {
            start++;
        }
        while (end > start && isJsonWhitespace(body[end - 1])) {
            end--;
        }
        return end - start == 4 && body[start] == 'n' && body[start + 1] == 'u' && body[start + 2] == 'l'
                && body[start + 3] == 'l';
    }

    private static boolean isJsonWhitespace(byte b) {
        return b == ' ' || b == '\t' || b == '\n' || b == '\r';
    }
}
