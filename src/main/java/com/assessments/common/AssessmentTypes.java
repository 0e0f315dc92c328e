package com.assessments.common;

import com.assessments.api.model.AssessmentType;

import java.util.Arrays;
import java.util.List;

/** The assessment types, as the contract's AssessmentType enum names them. */
public final class AssessmentTypes {

    public static final List<String> ALL = Arrays.stream(AssessmentType.values()).map(AssessmentType::toString).toList();

    private AssessmentTypes() {
    }

    public static boolean isKnown(String type) {
        return ALL.contains(type);
    }
}
