package com.assessments.key;

import com.assessments.api.model.ApiKeyWithSecret;
import com.assessments.api.model.AssessmentType;
import com.assessments.api.model.Environment;
import com.assessments.api.model.KeyKind;
import com.assessments.api.model.KeyStatus;
import com.assessments.api.model.Scope;
import com.assessments.common.Times;

import java.time.Instant;
import java.util.List;

/** API key entities to the contract's ApiKey (never the secret) and ApiKeyWithSecret (only when issued). */
public final class ApiKeyMapper {

    private ApiKeyMapper() {
    }

    public static com.assessments.api.model.ApiKey toDto(ApiKey key, Instant now) {
        return new com.assessments.api.model.ApiKey()
                .id(key.id)
                .kind(KeyKind.fromValue(key.kind))
                .environment(Environment.fromValue(key.environment))
                .prefix(com.assessments.api.model.ApiKey.PrefixEnum.fromValue(key.prefix))
                .last4(key.last4)
                .scopes(key.scopes.stream().map(Scope::fromValue).toList())
                .products(products(key))
                .allowedOrigins(List.copyOf(key.allowedOrigins))
                .status(KeyStatus.fromValue(key.statusAt(now)))
                .createdAt(Times.utc(key.createdAt))
                .expiresAt(Times.utc(key.expiresAt))
                .revokedAt(Times.utc(key.revokedAt))
                .lastUsedAt(Times.utc(key.lastUsedAt));
    }

    public static ApiKeyWithSecret toDtoWithSecret(ApiKeyService.IssuedKey issued, Instant now) {
        ApiKey key = issued.key();
        return new ApiKeyWithSecret()
                .id(key.id)
                .kind(KeyKind.fromValue(key.kind))
                .environment(Environment.fromValue(key.environment))
                .prefix(ApiKeyWithSecret.PrefixEnum.fromValue(key.prefix))
                .last4(key.last4)
                .scopes(key.scopes.stream().map(Scope::fromValue).toList())
                .products(products(key))
                .allowedOrigins(List.copyOf(key.allowedOrigins))
                .status(KeyStatus.fromValue(key.statusAt(now)))
                .createdAt(Times.utc(key.createdAt))
                .expiresAt(Times.utc(key.expiresAt))
                .revokedAt(Times.utc(key.revokedAt))
                .lastUsedAt(Times.utc(key.lastUsedAt))
                .secret(issued.plainKey());
    }

    private static List<AssessmentType> products(ApiKey key) {
        return key.products == null ? null : key.products.stream().map(AssessmentType::fromValue).toList();
    }
}
