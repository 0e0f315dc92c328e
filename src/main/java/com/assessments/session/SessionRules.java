package com.assessments.session;

import com.assessments.api.model.SessionConfig;
import com.assessments.catalogue.TfdConfigs;
import com.assessments.common.Sql;
import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import com.assessments.key.Caller;
import com.assessments.org.License;
import com.assessments.scoring.Scoring;
import com.assessments.scoring.tfd.Occupations;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * The organization's rules for creating a session, checked in this order: the type is enabled (403
 * assessment_not_enabled), the key may create it (403 insufficient_permissions), a live key has a live
 * engine for it (501 not_implemented), the config fits the type (400 invalid_config, 404/409 for TFD
 * configs), the metadata is within its limits (400 validation_error), and a live license is left (402).
 */
@ApplicationScoped
public class SessionRules {

    static final Set<String> TFD_TYPES = Set.of("tfd", "tfd_plus");
    static final int METADATA_MAX_KEYS = 50;
    static final int METADATA_MAX_KEY_LENGTH = 40;
    static final int METADATA_MAX_VALUE_LENGTH = 500;
    static final int METADATA_MAX_BYTES = 8 * 1024;

    /** What create stores: the config and metadata as JSON. */
    public record Checked(String configJson, String metadataJson) {
    }

    private final ObjectMapper mapper;
    private final Scoring scoring;
    private final Occupations occupations;
    private final TfdConfigs tfdConfigs;
    private final Sql sql;

    public SessionRules(ObjectMapper mapper, Scoring scoring, Occupations occupations, TfdConfigs tfdConfigs, Sql sql) {
        this.sql = sql;
        this.mapper = mapper;
        this.scoring = scoring;
        this.occupations = occupations;
        this.tfdConfigs = tfdConfigs;
    }

    /** The checks before the license; the enabled types are the organization's as of the key's cached look-up. */
    Checked check(Caller.KeyPrincipal key, String type, boolean test, SessionConfig config,
                  Map<String, Object> metadata) {
        if (!key.enabledTypes().contains(type)) {
            throw new ApiException(ErrorCode.ASSESSMENT_NOT_ENABLED, "The assessment type " + type
                    + " is not enabled for this organization.", Map.of("assessmentType", type));
        }
        checkKeyMayCreate(key, type);
        if (!test && !scoring.isLive(type)) {
            throw notLive(type);
        }
        checkConfig(key.organizationId(), type, config);
        checkMetadata(metadata);
        return new Checked(config == null ? null : json(config), json(metadata == null ? Map.of() : metadata));
    }

    /**
     * 400 validation_error on redirectUrl when it matches the contract's pattern but is not a URL java.net.URI can
     * read ("http://[", a stray % as in "?y=%zz"): the session could not be returned or redirected to later.
     */
    public static void checkRedirectUrl(String redirectUrl) {
        if (redirectUrl == null) {
            return;
        }
        URI uri;
        try {
            uri = new URI(redirectUrl);
        } catch (URISyntaxException e) {
            throw ApiException.validation("redirectUrl", "is not a valid URL (RFC 3986): " + e.getReason()
                    + (e.getIndex() >= 0 ? " at index " + e.getIndex() : ""));
        }
        String scheme = uri.getScheme();
        if (!uri.isAbsolute() || uri.isOpaque() || !("http".equalsIgnoreCase(scheme) || "https".equalsIgnoreCase(scheme))) {
            throw ApiException.validation("redirectUrl", "must be an absolute http or https URL");
        }
    }

    /** 403 insufficient_permissions when the key's product list leaves out the type. */
    void checkKeyMayCreate(Caller.KeyPrincipal key, String type) {
        if (key.products() != null && !key.products().contains(type)) {
            throw new ApiException(ErrorCode.INSUFFICIENT_PERMISSIONS, "This key may not create " + type + " sessions.",
                    Map.of("assessmentType", type, "keyProducts", key.products()));
        }
    }

    static ApiException notLive(String type) {
        return new ApiException(ErrorCode.NOT_IMPLEMENTED, "The assessment type " + type
                + " is not scored in live mode yet; use a test key to integrate.", Map.of("assessmentType", type));
    }

    /**
     * Takes one live license, its first statement queued to go with the create's next ones; two creates never share
     * the last one. {@link LicenseTake#orRefuse} finishes the take, or refuses with 402.
     */
    LicenseTake queueLicense(String organizationId, String type) {
        BooleanSupplier taken = License.queueTake(sql, organizationId, type);
        return () -> {
            if (!taken.getAsBoolean()) {
                throw new ApiException(ErrorCode.NO_AVAILABLE_LICENSES,
                        "No " + type + " license is left for this organization.", Map.of("assessmentType", type));
            }
        };
    }

    /** A license being taken for a create. */
    interface LicenseTake {
        void orRefuse();
    }

    private void checkConfig(String organizationId, String type, SessionConfig config) {
        String occupation = config == null ? null : config.getOccupationId();
        String orgConfigId = config == null ? null : config.getOrgConfigId();
        if (!TFD_TYPES.contains(type)) {
            if (occupation != null || orgConfigId != null) {
                throw new ApiException(ErrorCode.INVALID_CONFIG, "config.occupationId and config.orgConfigId apply only to tfd and tfd_plus.",
                        Map.of("assessmentType", type));
            }
            return;
        }
        if (occupation == null) {
            throw new ApiException(ErrorCode.INVALID_CONFIG, type + " sessions need config.occupationId (see GET /api/v1/tfd/configs).",
                    Map.of("field", "config.occupationId"));
        }
        if (occupations.find(occupation).isEmpty()) {
            throw new ApiException(ErrorCode.INVALID_CONFIG, "Unknown occupation " + occupation + " (see GET /api/v1/tfd/configs).",
                    Map.of("field", "config.occupationId"));
        }
        if (orgConfigId == null) {
            return;
        }
        TfdConfigs.Config found = tfdConfigs.find(orgConfigId, organizationId).orElseThrow(() -> new ApiException(
                ErrorCode.TFD_CONFIG_NOT_FOUND, "No TFD config " + orgConfigId + " in this organization.",
                Map.of("orgConfigId", orgConfigId)));
        if (found.status() != TfdConfigs.Status.PUBLISHED) {
            String status = found.status().value();
            throw new ApiException(ErrorCode.TFD_CONFIG_NOT_PUBLISHED, "TFD config " + orgConfigId + " is " + status
                    + ", not published.", Map.of("orgConfigId", orgConfigId, "status", status));
        }
        if (!occupation.equals(found.occupationId())) {
            throw new ApiException(ErrorCode.INVALID_CONFIG, "TFD config " + orgConfigId + " is for occupation " + found.occupationId()
                    + ", not " + occupation + ".", Map.of("orgConfigId", orgConfigId));
        }
    }

    private void checkMetadata(Map<String, Object> metadata) {
        if (metadata == null) {
            return;
        }
        List<ApiException.FieldIssue> issues = new ArrayList<>();
        if (metadata.size() > METADATA_MAX_KEYS) {
            issues.add(new ApiException.FieldIssue("metadata", "has more than " + METADATA_MAX_KEYS + " keys"));
        }
        metadata.forEach((k, v) -> {
            if (k.isEmpty() || k.length() > METADATA_MAX_KEY_LENGTH) {
                issues.add(new ApiException.FieldIssue("metadata." + k, "key must be 1 to " + METADATA_MAX_KEY_LENGTH + " characters"));
            }
            if (v instanceof String str) {
                if (str.length() > METADATA_MAX_VALUE_LENGTH) {
                    issues.add(new ApiException.FieldIssue("metadata." + k, "must be at most " + METADATA_MAX_VALUE_LENGTH + " characters"));
                }
            } else if (!(v instanceof Number) && !(v instanceof Boolean)) {
                issues.add(new ApiException.FieldIssue("metadata." + k, "must be a string, a number or a boolean"));
            }
        });
        if (issues.isEmpty() && json(metadata).getBytes(StandardCharsets.UTF_8).length > METADATA_MAX_BYTES) {
            issues.add(new ApiException.FieldIssue("metadata", "must be at most " + METADATA_MAX_BYTES + " bytes as JSON"));
        }
        if (!issues.isEmpty()) {
            throw ApiException.validation(issues);
        }
    }

    private String json(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
