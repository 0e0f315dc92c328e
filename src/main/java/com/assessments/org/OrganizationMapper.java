package com.assessments.org;

import com.assessments.api.model.AssessmentType;
import com.assessments.common.Times;

import java.util.ArrayList;
import java.util.List;

/** Organization entities to the contract's Organization DTO. */
public final class OrganizationMapper {

    private OrganizationMapper() {
    }

    public static com.assessments.api.model.Organization toDto(OrganizationService.OrganizationView view) {
        Organization org = view.organization();
        List<com.assessments.api.model.License> licenses = new ArrayList<>();
        for (License l : view.licenses()) {
            licenses.add(new com.assessments.api.model.License()
                    .assessmentType(AssessmentType.fromValue(l.assessmentType))
                    .capacity(l.capacity)
                    .used(l.used)
                    .available(Math.max(0, l.capacity - l.used)));
        }
        return new com.assessments.api.model.Organization()
                .id(org.id)
                .name(org.name)
                .assessmentTypes(org.enabledAssessmentTypes.stream().map(AssessmentType::fromValue).toList())
                .licenses(licenses)
                .rateLimitPerMinute(org.rateLimitPerMinute)
                .createdAt(Times.utc(org.createdAt));
    }
}
