package com.assessments.catalogue;

import com.assessments.api.model.AssessmentType;
import com.assessments.api.model.AssessmentTypeInfo;
import com.assessments.api.model.Question;
import com.assessments.api.model.QuestionOption;
import com.assessments.api.model.ResponseFormat;
import com.assessments.api.model.ResponseFormatKind;
import com.assessments.common.AssessmentTypes;
import com.assessments.scoring.BankItem;
import com.assessments.scoring.QuestionBank;
import com.assessments.scoring.QuestionBanks;
import com.assessments.scoring.Scoring;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;
import java.util.Map;

/** The public catalogue: what each assessment type is, and its questions without answer keys or IRT parameters. */
@ApplicationScoped
public class AssessmentCatalogue {

    record Description(String name, String description, int typicalMinutes) {
    }

    static final Map<String, Description> DESCRIPTIONS = Map.of(
            "aapa", new Description("Aptitude Assessment",
                    "General reasoning: numerical, verbal and abstract items with one correct answer each.", 25),
            "disc", new Description("Work Style Profile (DISC)",
                    "Fifteen statements rated 1 to 5; a profile on the Dominance, Influence, Steadiness and Conscientiousness dimensions.", 5),
            "fra", new Description("Workplace Risk Assessment",
                    "Self-report questionnaire on integrity, rule compliance, self-control and safety awareness, with a validity gate of 90% answered items.", 12),
            "lpm", new Description("Learning Potential",
                    "Series, patterns and analogies that measure how quickly new rules are picked up.", 25),
            "lpm_u", new Description("Learning Potential (universal)",
                    "The learning-potential construct in plain language for a general population.", 20),
            "tfd", new Description("Occupation Fit",
                    "A work-style profile compared with the target profile of an occupation chosen by the organization.", 10),
            "tfd_plus", new Description("Occupation Fit Plus",
                    "Occupation fit with a second section on work values, for a more reliable profile.", 15));

    /**
     * The same names and descriptions in German. These two maps are the one source of the types' names: the catalogue,
     * the runner (through the embed session), the PDF report and the docs all read them.
     */
    static final Map<String, Description> DESCRIPTIONS_DE = Map.of(
            "aapa", new Description("Eignungstest",
                    "Allgemeines Denkvermögen: numerische, sprachliche und abstrakte Aufgaben mit jeweils einer richtigen Antwort.", 25),
            "disc", new Description("Arbeitsstil-Profil (DISC)",
                    "Fünfzehn Aussagen, jeweils von 1 bis 5 bewertet; ein Profil auf den Dimensionen Dominanz, Initiative, Stetigkeit und Gewissenhaftigkeit.", 5),
            "fra", new Description("Arbeitsplatzbezogene Risikoeinschätzung",
                    "Selbstauskunft zu Integrität, Regeltreue, Selbstkontrolle und Sicherheitsbewusstsein, gültig ab 90 % beantworteten Fragen.", 12),
            "lpm", new Description("Lernpotenzial",
                    "Zahlenreihen, Muster und Analogien, die messen, wie schnell neue Regeln erfasst werden.", 25),
            "lpm_u", new Description("Lernpotenzial (universell)",
                    "Das Lernpotenzial in einfacher Sprache, für eine breite Bevölkerung.", 20),
            "tfd", new Description("Berufspassung",
                    "Ein Arbeitsstilprofil im Vergleich mit dem Zielprofil eines von der Organisation gewählten Berufs.", 10),
            "tfd_plus", new Description("Berufspassung Plus",
                    "Berufspassung mit einem zweiten Teil zu Arbeitswerten, für ein zuverlässigeres Profil.", 15));

    /** The display name of a type in a language ("de"; English for any other). */
    public static String name(String type, String language) {
        Description d = ("de".equals(language) ? DESCRIPTIONS_DE : DESCRIPTIONS).get(type);
        return d == null ? type : d.name();
    }

    /** The description of a type in a language ("de"; English for any other). */
    public static String description(String type, String language) {
        Description d = ("de".equals(language) ? DESCRIPTIONS_DE : DESCRIPTIONS).get(type);
        return d == null ? type : d.description();
    }

    private final QuestionBanks banks;
    private final Scoring scoring;

    public AssessmentCatalogue(QuestionBanks banks, Scoring scoring) {
        this.banks = banks;
        this.scoring = scoring;
    }

    /** The display name of a type, e.g. "Work Style Profile (DISC)". */
    public static String name(String type) {
        Description d = DESCRIPTIONS.get(type);
        return d == null ? type : d.name();
    }

    public List<AssessmentTypeInfo> types() {
        return AssessmentTypes.ALL.stream().filter(t -> banks.forType(t).isPresent()).map(type -> {
            QuestionBank bank = banks.forType(type).orElseThrow();
            Description d = DESCRIPTIONS.get(type);
            return new AssessmentTypeInfo()
                    .type(AssessmentType.fromValue(type))
                    .name(d.name())
                    .description(d.description())
                    .questionCount(bank.items().size())
                    .liveScoring(scoring.isLive(type))
                    .typicalMinutes(d.typicalMinutes())
                    .bankVersion(bank.version())
                    .locales(banks.languages(type).stream().filter(com.assessments.i18n.Locales.SUPPORTED::contains).toList());
        }).toList();
    }

    public java.util.Optional<com.assessments.api.model.QuestionBank> bank(String type) {
        return bank(type, com.assessments.i18n.Locales.ENGLISH);
    }

    /** The bank in a language the type is offered in (the caller checked it; see LocaleSupport). */
    public java.util.Optional<com.assessments.api.model.QuestionBank> bank(String type, String language) {
        return banks.forType(type, language).map(bank -> new com.assessments.api.model.QuestionBank()
                .type(AssessmentType.fromValue(type))
                .version(bank.version())
                .language(bank.language())
                .instructions(bank.instructions())
                .questions(bank.items().stream().map(item -> question(bank, item)
                        .sectionTitle(banks.sectionName(type, language, item.section()))).toList()));
    }

    /** Answer keys (correct) and IRT parameters (a, b) stay on the server. */
    static Question question(QuestionBank bank, BankItem item) {
        ResponseFormat format;
        if (item.isMultipleChoice()) {
            List<QuestionOption> options = item.options().stream()
                    .map(o -> new QuestionOption().value(o.value()).label(o.label())).toList();
            format = new ResponseFormat()
                    .kind(ResponseFormatKind.MULTIPLE_CHOICE)
                    .min(options.stream().mapToInt(QuestionOption::getValue).min().orElse(0))
                    .max(options.stream().mapToInt(QuestionOption::getValue).max().orElse(0))
                    .labels(options.stream().map(QuestionOption::getLabel).toList())
                    .options(options);
        } else {
            var f = bank.responseFormat();
            format = new ResponseFormat().kind(ResponseFormatKind.fromValue(f.kind())).min(f.min()).max(f.max())
                    .labels(f.labels() == null ? List.of() : f.labels()).options(null);
        }
        return new Question().id(item.id()).text(item.text()).dimension(item.dimension()).section(item.section())
                .responseFormat(format).reverseKeyed(item.reverseKeyed());
    }
}
