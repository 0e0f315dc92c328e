package com.assessments.key.rest;

import com.assessments.api.KeysApi;
import com.assessments.api.model.RotateKeyRequest;
import com.assessments.api.model.RotatedKey;
import com.assessments.key.ApiKeyMapper;
import com.assessments.key.ApiKeyService;
import com.assessments.key.Caller;
import jakarta.ws.rs.core.Response;

import java.time.Clock;

/** POST /api/v1/keys/{id}/rotate: a replacement key, returned once; the old one keeps working for the grace period. */
public class KeysResource implements KeysApi {

    static final int DEFAULT_GRACE_SECONDS = 86_400;

    private final ApiKeyService keys;
    private final Caller caller;
    private final Clock clock;

    public KeysResource(ApiKeyService keys, Caller caller, Clock clock) {
        this.keys = keys;
        this.caller = caller;
        this.clock = clock;
    }

    @Override
    public Response rotateApiKey(String id, RotateKeyRequest request) {
        int grace = request == null || request.getGracePeriodSeconds() == null ? DEFAULT_GRACE_SECONDS : request.getGracePeriodSeconds();
        var rotation = keys.rotate(caller.key(), id, grace);
        var now = clock.instant();
        return Response.ok(new RotatedKey()
                .key(ApiKeyMapper.toDtoWithSecret(rotation.key(), now))
                .previousKey(ApiKeyMapper.toDto(rotation.previous(), now))).build();
    }
}
