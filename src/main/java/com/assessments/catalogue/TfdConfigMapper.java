package com.assessments.catalogue;

import com.assessments.api.model.TfdConfig;

/** Published TFD configs to the contract's TfdConfig. */
public final class TfdConfigMapper {

    private TfdConfigMapper() {
    }

    public static TfdConfig toDto(TfdConfigs.Config c) {
        return new TfdConfig()
                .id(c.id()).occupationId(c.occupationId()).occupationName(c.occupationName()).mode(c.mode())
                .language(c.language()).totalQuestions(c.totalQuestions());
    }
}
