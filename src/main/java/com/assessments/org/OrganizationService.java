package com.assessments.org;

import com.assessments.common.AssessmentTypes;
import com.assessments.common.Ids;
import com.assessments.common.PageResult;
import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import com.assessments.key.ApiKeyService;
import io.quarkus.panache.common.Sort;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/** Tenants and their license capacity, as the operator API manages them. */
@ApplicationScoped
public class OrganizationService {

    public static final int DEFAULT_RATE_LIMIT_PER_MINUTE = 120;

    private final Clock clock;
    private final ApiKeyService keys;

    public OrganizationService(Clock clock, ApiKeyService keys) {
        this.clock = clock;
        this.keys = keys;
    }

    public record OrganizationView(Organization organization, List<License> licenses) {
    }

    @Transactional
    public OrganizationView create(String name, List<String> assessmentTypes, Map<String, Integer> licenses,
                                   Integer rateLimitPerMinute) {
        validateLicenses(licenses);
        Instant now = clock.instant();
        Organization org = new Organization();
        org.id = Ids.id("org_");
        org.name = name;
        org.enabledAssessmentTypes = assessmentTypes == null ? new ArrayList<>() : new ArrayList<>(new LinkedHashSet<>(assessmentTypes));
        org.rateLimitPerMinute = rateLimitPerMinute == null ? DEFAULT_RATE_LIMIT_PER_MINUTE : rateLimitPerMinute;
        org.createdAt = now;
        org.updatedAt = now;
        org.persist();
        setCapacities(org.id, licenses);
        return view(org);
    }

    /** Changes only what is given; licenses set the capacity of the types named and leave the others alone. */
    @Transactional
    public OrganizationView update(String id, String name, List<String> assessmentTypes, Map<String, Integer> licenses,
                                   Integer rateLimitPerMinute) {
        Organization org = find(id);
        validateLicenses(licenses);
        if (name != null) {
            org.name = name;
        }
        if (assessmentTypes != null) {
            org.enabledAssessmentTypes = new ArrayList<>(new LinkedHashSet<>(assessmentTypes));
        }
        if (rateLimitPerMinute != null) {
            org.rateLimitPerMinute = rateLimitPerMinute;
        }
        org.updatedAt = clock.instant();
        setCapacities(org.id, licenses);
        // the keys' cached look-ups carry the rate limit and the enabled types: every replica drops them within a
        // second, moved in this transaction so that no change commits without it
        keys.changed(p -> p.organizationId().equals(id));
        return view(org);
    }

    public Organization find(String id) {
        return Organization.findByIdOptional(id).orElseThrow(
                () -> new ApiException(ErrorCode.ORGANIZATION_NOT_FOUND, "No organization " + id + "."));
    }

    public OrganizationView get(String id) {
        return view(find(id));
    }

    public PageResult<OrganizationView> list(int limit, int offset) {
        long total = Organization.count();
        List<Organization> orgs = Organization.findAll(Sort.descending("createdAt").and("id", Sort.Direction.Descending))
                .range(offset, offset + limit - 1).list();
        return new PageResult<>(orgs.stream().map(this::view).toList(), total);
    }

    public OrganizationView view(Organization org) {
        return new OrganizationView(org, License.forOrganization(org.id));
    }

    private static void validateLicenses(Map<String, Integer> licenses) {
        if (licenses == null) {
            return;
        }
        List<ApiException.FieldIssue> issues = new ArrayList<>();
        licenses.forEach((type, capacity) -> {
            if (!AssessmentTypes.isKnown(type)) {
                issues.add(new ApiException.FieldIssue("licenses." + type, "is not an assessment type; use one of " + AssessmentTypes.ALL));
            } else if (capacity == null || capacity < 0) {
                issues.add(new ApiException.FieldIssue("licenses." + type, "must be an integer of at least 0"));
            }
        });
        if (!issues.isEmpty()) {
            throw ApiException.validation(issues);
        }
    }

    private void setCapacities(String organizationId, Map<String, Integer> capacities) {
        if (capacities == null) {
            return;
        }
        capacities.forEach((type, capacity) -> License.setCapacity(organizationId, type, capacity));
    }
}
