package com.assessments.scoring.tfd;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.enterprise.context.ApplicationScoped;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The occupation catalogue shipped with the service: {@code occupations.json} at the class-path root, loaded
 * once by name (no scanning). Each occupation has its O*NET-SOC code as id, its O*NET title as name and a
 * target profile (0 to 100 on each of the six TFD dimensions) that we set ourselves; see docs/scoring-tfd.html.
 * The file is checked at start: a missing or malformed catalogue fails the application, not a session.
 */
@ApplicationScoped
public class Occupations {

    public static final String RESOURCE = "occupations.json";

    /** One occupation: O*NET-SOC code, title and target score per dimension. */
    @io.quarkus.runtime.annotations.RegisterForReflection
    public record Occupation(String id, String name, Map<String, Integer> target) {
    }

    /** The file's shape. */
    @io.quarkus.runtime.annotations.RegisterForReflection
    public record Catalogue(String attribution, List<Occupation> occupations) {
    }

    private final String attribution;
    private final List<Occupation> all;
    private final Map<String, Occupation> byId = new LinkedHashMap<>();

    public Occupations(ObjectMapper mapper) {
        Catalogue catalogue;
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the occupation catalogue " + RESOURCE + " is missing");
            }
            catalogue = mapper.readValue(in, Catalogue.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the occupation catalogue " + RESOURCE, e);
        }
        if (catalogue == null || catalogue.occupations() == null || catalogue.occupations().isEmpty()) {
            throw new IllegalStateException("the occupation catalogue " + RESOURCE + " has no occupations");
        }
        for (Occupation occupation : catalogue.occupations()) {
            check(occupation);
            if (byId.put(occupation.id(), occupation) != null) {
                throw new IllegalStateException("occupation " + occupation.id() + " is listed twice in " + RESOURCE);
            }
        }
        this.attribution = catalogue.attribution();
        this.all = catalogue.occupations().stream().sorted(Comparator.comparing(Occupation::id)).toList();
    }

    private static void check(Occupation occupation) {
        if (occupation == null || occupation.id() == null || occupation.id().isBlank()
                || occupation.name() == null || occupation.name().isBlank() || occupation.target() == null) {
            throw new IllegalStateException("an occupation in " + RESOURCE + " lacks its id, name or target");
        }
        if (!occupation.target().keySet().equals(java.util.Set.copyOf(TfdScoring.DIMENSIONS))) {
            throw new IllegalStateException("occupation " + occupation.id() + " must have a target for exactly "
                    + TfdScoring.DIMENSIONS + ", has " + occupation.target().keySet());
        }
        for (Map.Entry<String, Integer> entry : occupation.target().entrySet()) {
            if (entry.getValue() == null || entry.getValue() < 0 || entry.getValue() > 100) {
                throw new IllegalStateException("occupation " + occupation.id() + " has target " + entry.getValue()
                        + " for " + entry.getKey() + ", not 0 to 100");
            }
        }
    }

    public Optional<Occupation> find(String id) {
        return Optional.ofNullable(id == null ? null : byId.get(id));
    }

    /** Every occupation, ordered by id. */
    public List<Occupation> all() {
        return all;
    }

    /** The data attribution to show wherever occupation codes or titles are shown. */
    public String attribution() {
        return attribution;
    }
}
