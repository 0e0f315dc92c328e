package com.assessments.scoring;

import com.assessments.common.AssessmentTypes;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The question banks shipped with the service, loaded once by name (banks/{type}.json; no class-path
 * scanning, so the native image only needs the banks listed in quarkus.native.resources.includes).
 */
@ApplicationScoped
public class QuestionBanks {

    private final Map<String, QuestionBank> banks = new HashMap<>();

    public QuestionBanks(ObjectMapper mapper) {
        for (String type : AssessmentTypes.ALL) {
            try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream("banks/" + type + ".json")) {
                if (in != null) {
                    banks.put(type, mapper.readValue(in, QuestionBank.class));
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read question bank " + type, e);
            }
        }
    }

    public Optional<QuestionBank> forType(String type) {
        return Optional.ofNullable(banks.get(type));
    }
}
