package com.assessments.portal.keys;

import com.assessments.common.PageResult;
import com.assessments.key.ApiKey;
import com.assessments.key.ApiKeyService;
import com.assessments.portal.AuditLog;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * API keys as an organization's members manage them in the portal: the key package's own service does the work
 * (the same rules as the operator API and the public rotation route); this adds the audit trail. The role check is
 * the filter's (x-portal-role).
 */
@ApplicationScoped
public class PortalKeys {

    private final ApiKeyService keys;
    private final AuditLog audit;

    public PortalKeys(ApiKeyService keys, AuditLog audit) {
        this.keys = keys;
        this.audit = audit;
    }

    public PageResult<ApiKey> list(String organizationId, int limit, int offset) {
        return keys.listForOrganization(organizationId, limit, offset);
    }

    @Transactional
    public ApiKeyService.IssuedPair issue(String organizationId, String userId, String environment, List<String> scopes,
                                          List<String> products, List<String> origins) {
        ApiKeyService.IssuedPair pair = keys.issuePair(organizationId, environment, scopes, products, origins);
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("environment", environment);
        details.put("publishableKeyId", pair.publishableKey().key().id);
        audit.record(organizationId, userId, "key.issued", pair.secretKey().key().id, details);
        return pair;
    }

    @Transactional
    public ApiKeyService.Rotation rotate(String organizationId, String userId, String keyId, int graceSeconds) {
        ApiKeyService.Rotation rotation = keys.rotateInOrganization(organizationId, keyId, graceSeconds);
        audit.record(organizationId, userId, "key.rotated", keyId,
                Map.of("newKeyId", rotation.key().key().id, "gracePeriodSeconds", graceSeconds));
        return rotation;
    }

    @Transactional
    public ApiKey revoke(String organizationId, String userId, String keyId) {
        ApiKey key = keys.revoke(organizationId, keyId);
        audit.record(organizationId, userId, "key.revoked", keyId, Map.of());
        return key;
    }
}
