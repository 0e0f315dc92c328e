package com.assessments.scoring;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The texts of a question bank in another language (banks/{type}.{language}.json): instructions, the Likert labels,
 * and per item its text, its section name and its option labels in the base bank's order. Everything that scores
 * (ids, dimensions, keys, reverse keying, IRT parameters, option values) comes from the base bank only, so a
 * translation cannot change a score. {@code baseVersion} names the bank version it translates: a translation of
 * another version is not used.
 */
@io.quarkus.runtime.annotations.RegisterForReflection
public record BankTranslation(String type, String language, String baseVersion, String instructions,
                              List<String> labels, Map<String, String> sections, List<Item> items) {

    @io.quarkus.runtime.annotations.RegisterForReflection
    public record Item(String id, String text, List<String> options) {
    }

    /**
     * What keeps this translation from being complete for the base bank: an empty list when it has the same version,
     * the same item ids in the same order, a non-blank text per item, as many option labels as the base item has
     * options, as many Likert labels, and a name for every section.
     */
    public List<String> gaps(QuestionBank base) {
        List<String> gaps = new ArrayList<>();
        if (!Objects.equals(type, base.type())) {
            gaps.add("type " + type + " is not " + base.type());
        }
        if (!Objects.equals(baseVersion, base.version())) {
            gaps.add("translates version " + baseVersion + ", the bank is " + base.version());
        }
        if (blank(instructions)) {
            gaps.add("no instructions");
        }
        int baseLabels = base.responseFormat() == null || base.responseFormat().labels() == null ? 0 : base.responseFormat().labels().size();
        int ownLabels = labels == null ? 0 : labels.size();
        if (baseLabels != ownLabels || (labels != null && labels.stream().anyMatch(BankTranslation::blank))) {
            gaps.add(ownLabels + " response labels for " + baseLabels);
        }
        List<Item> own = items == null ? List.of() : items;
        if (own.size() != base.items().size()) {
            gaps.add(own.size() + " items for " + base.items().size());
        }
        for (int i = 0; i < Math.min(own.size(), base.items().size()); i++) {
            BankItem b = base.items().get(i);
            Item t = own.get(i);
            if (t == null || !Objects.equals(t.id(), b.id())) {
                gaps.add("item " + (i + 1) + " is " + (t == null ? null : t.id()) + ", not " + b.id());
                continue;
            }
            if (blank(t.text())) {
                gaps.add(b.id() + " has no text");
            }
            int baseOptions = b.options() == null ? 0 : b.options().size();
            int ownOptions = t.options() == null ? 0 : t.options().size();
            if (baseOptions != ownOptions || (t.options() != null && t.options().stream().anyMatch(BankTranslation::blank))) {
                gaps.add(b.id() + " has " + ownOptions + " option labels for " + baseOptions);
            }
            if (b.section() != null && (sections == null || blank(sections.get(b.section())))) {
                gaps.add("section " + b.section() + " has no name");
            }
        }
        return gaps;
    }

    /** The base bank with this translation's texts (call only when {@link #gaps} is empty). */
    public QuestionBank applyTo(QuestionBank base) {
        List<BankItem> translated = new ArrayList<>();
        for (int i = 0; i < base.items().size(); i++) {
            BankItem b = base.items().get(i);
            Item t = items.get(i);
            List<BankItem.Option> options = null;
            if (b.options() != null) {
                options = new ArrayList<>();
                for (int o = 0; o < b.options().size(); o++) {
                    options.add(new BankItem.Option(b.options().get(o).value(), t.options().get(o)));
                }
            }
            translated.add(new BankItem(b.id(), t.text(), b.dimension(), b.section(), b.reverseKeyed(), options,
                    b.correct(), b.a(), b.b()));
        }
        QuestionBank.ResponseFormat f = base.responseFormat();
        QuestionBank.ResponseFormat format = f == null ? null : new QuestionBank.ResponseFormat(f.kind(), f.min(), f.max(),
                labels == null ? List.of() : List.copyOf(labels));
        return new QuestionBank(base.type(), base.version(), language, instructions, format, List.copyOf(translated));
    }

    /** The display name of a section in this language (the base bank's section key when it has none). */
    public String section(String key) {
        return key == null || sections == null ? key : sections.getOrDefault(key, key);
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
