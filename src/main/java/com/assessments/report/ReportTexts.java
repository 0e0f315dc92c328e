package com.assessments.report;

import com.assessments.scoring.Bands;

import java.util.Locale;
import java.util.Map;

/**
 * The report's wording: plain-language interpretations per band (our own text, no vendor style names), quality
 * flag explanations, methodology notes and the disclaimer.
 */
final class ReportTexts {

    private ReportTexts() {
    }

    static final String DISCLAIMER = "This report is one input among several; it is not to be used as the sole basis "
            + "for a hiring decision. Combine it with structured interviews, work samples and references, and use it "
            + "in the same way for every candidate for the role. Scores describe how the candidate answered at one "
            + "point in time and carry measurement error; small differences between scores or candidates are not "
            + "meaningful.";

    static final String MOCK_NOTE = "Mock result: the numbers in this report are mock values from a test key, "
            + "not scores computed from the candidate's answers. Do not interpret them.";

    static final String TEST_HEADER = "TEST — not a real assessment result";

    // ---- DISC ----------------------------------------------------------------------------------------------

    static final Map<String, String> DISC_NAMES = Map.of(
            "D", "Dominance", "I", "Influence", "S", "Steadiness", "C", "Conscientiousness");

    private static final Map<String, String[]> DISC = Map.of(
            "D", new String[]{
                    "Prefers to build agreement before acting and rarely forces an issue; may hold back from "
                            + "confrontation or from quick, one-sided decisions.",
                    "Takes the lead when the situation calls for it but does not need to be in control; balances "
                            + "pace with consultation.",
                    "Tends to take charge and decide quickly; comfortable with challenge and pushing for results. "
                            + "May come across as blunt or impatient when others need more time."},
            "I", new String[]{
                    "Reserved and matter-of-fact; prefers substance to socialising. May need encouragement to "
                            + "promote ideas or build a network.",
                    "Sociable when needed and able to win people over, while also comfortable working quietly on "
                            + "their own.",
                    "Energised by people: talks readily, builds rapport quickly and enjoys persuading others. May "
                            + "put enthusiasm ahead of detail or follow-through."},
            "S", new String[]{
                    "Restless with routine and comfortable with fast change and variety; may have less patience "
                            + "for slow or repetitive work.",
                    "Generally calm and cooperative and handles a moderate amount of change, especially when the "
                            + "reasons are explained.",
                    "Steady, patient and supportive; values stability, cooperation and a predictable routine. May "
                            + "be slow to embrace sudden change or to voice disagreement."},
            "C", new String[]{
                    "Prefers flexibility to rules and detail and is comfortable acting on incomplete information; "
                            + "may overlook details or procedures.",
                    "Pays reasonable attention to accuracy and standards without being held back by them; works "
                            + "from detailed or loose guidance.",
                    "Careful, precise and quality-minded; likes clear standards and checks facts before acting. "
                            + "May be cautious or slow to decide when information is incomplete."});

    static String disc(String dim, String band) {
        String[] t = DISC.get(dim);
        return t == null ? "" : t[bandIndex(band)];
    }

    static String type12(String type12) {
        if (type12 == null || type12.length() != 2) {
            return "not available";
        }
        String a = DISC_NAMES.getOrDefault(type12.substring(0, 1), "?");
        String b = DISC_NAMES.getOrDefault(type12.substring(1, 2), "?");
        return type12.charAt(0) == type12.charAt(1) ? type12 + " (a clear " + a + " position)"
                : type12 + " (" + a + ", leaning towards " + b + ")";
    }

    // ---- FRA -----------------------------------------------------------------------------------------------

    private static final Map<String, String[]> FRA = Map.of(
            "integrity", new String[]{
                    "Describes a more flexible attitude to honesty-related situations than most of the reference "
                            + "group; worth exploring with interview questions about past situations.",
                    "Generally describes honest and fair conduct, with some flexibility about minor matters.",
                    "Describes consistently honest and fair conduct, even where a shortcut would go unnoticed."},
            "rule_compliance", new String[]{
                    "Reports a more relaxed attitude to rules and procedures than the reference group; consider "
                            + "asking how they handle procedures they disagree with.",
                    "Reports following most rules while sometimes using their own judgement about which ones "
                            + "matter.",
                    "Reports following rules, procedures and instructions closely, including ones they disagree "
                            + "with."},
            "self_control", new String[]{
                    "Describes acting on impulse or reacting strongly under frustration more often than most; "
                            + "explore how they manage pressure.",
                    "Usually keeps composure, though may react quickly in frustrating situations.",
                    "Describes staying calm and measured under pressure or provocation, and thinking before "
                            + "acting."},
            "safety_awareness", new String[]{
                    "Reports taking more chances with safety than most of the reference group; relevant for roles "
                            + "with physical or safety-critical tasks.",
                    "Reports ordinary attention to safety and follows precautions in most situations.",
                    "Reports paying close attention to hazards and taking safety precautions seriously."});

    private static final String[] FRA_GENERIC = {
            "Scored below most of the reference group on this scale (higher scores mean lower self-reported risk); "
                    + "follow up in interview.",
            "Scored in the typical range of the reference group on this scale.",
            "Scored above most of the reference group on this scale, pointing to lower self-reported risk."};

    private static final String[] FRA_COMPOSITE = {
            "Overall, the answers point to a higher level of self-reported workplace risk than most of the "
                    + "reference group; follow up the lowest scales in a structured interview.",
            "Overall, the answers are in the typical range of self-reported workplace risk.",
            "Overall, the answers point to a lower level of self-reported workplace risk than most of the "
                    + "reference group."};

    static String fra(String scale, String band) {
        return FRA.getOrDefault(scale, FRA_GENERIC)[bandIndex(band)];
    }

    static String fraComposite(String band) {
        return FRA_COMPOSITE[bandIndex(band)];
    }

    // ---- TFD -----------------------------------------------------------------------------------------------

    private static final Map<String, String[]> TFD = Map.of(
            "analytical", new String[]{
                    "Prefers practical, hands-on or intuitive approaches to long analysis.",
                    "Uses analysis when the task needs it, without always preferring it.",
                    "Likes to think problems through logically and base decisions on evidence."},
            "interpersonal", new String[]{
                    "Prefers independent work with limited social contact.",
                    "Comfortable with a mix of people-facing and independent work.",
                    "Enjoys working with and through people and is comfortable with frequent contact."},
            "structure", new String[]{
                    "Prefers flexible, loosely structured work and improvising.",
                    "Works well with some structure but tolerates loose arrangements.",
                    "Prefers clear plans, procedures and orderly work."},
            "drive", new String[]{
                    "Describes a relaxed pace and less appetite for competitive targets.",
                    "Shows steady effort and an ordinary appetite for challenging goals.",
                    "Describes high energy, ambition and persistence towards goals."},
            "adaptability", new String[]{
                    "Prefers stable, predictable work and may find frequent change tiring.",
                    "Adapts to change when needed but prefers some stability.",
                    "Comfortable with change, ambiguity and shifting priorities."},
            "care", new String[]{
                    "Focuses on tasks more than on looking after others.",
                    "Considerate of others while keeping a focus on the task.",
                    "Shows strong concern for others' wellbeing and likes helping."});

    private static final String[] TFD_GENERIC = {
            "A low score on this work-style dimension.", "A moderate score on this work-style dimension.",
            "A high score on this work-style dimension."};

    static String tfdDimension(String dim, double score) {
        return TFD.getOrDefault(dim, TFD_GENERIC)[bandIndex(band(score))];
    }

    static String tfdGap(double gap) {
        if (Double.isNaN(gap)) {
            return "";
        }
        double a = Math.abs(gap);
        if (a < 10) {
            return "Close to the occupation's target.";
        }
        String size = a < 25 ? "somewhat" : "well";
        return gap > 0 ? "Scores " + size + " above the occupation's target."
                : "Scores " + size + " below the occupation's target.";
    }

    static String tfdFit(String band, String occupation) {
        return switch (bandIndex(band)) {
            case 2 -> "The candidate's work-style profile is similar, in shape and level, to the target profile we set for "
                    + occupation + " (a judgement from O*NET descriptions, not measured job holders).";
            case 1 -> "Partial similarity to the target profile we set for " + occupation + ": some dimensions match, "
                    + "others differ noticeably. Look at the largest gaps below.";
            default -> "The profile is far from the target profile we set for " + occupation + " (a fit below 40, "
                    + "where 0 is no closer than answering every statement in the middle). This is not a judgement of "
                    + "ability; check whether the largest gaps matter for this particular job.";
        };
    }

    // ---- ability -------------------------------------------------------------------------------------------

    static String ability(String band, long percentile) {
        return switch (bandIndex(band)) {
            case 2 -> "Performed better than about " + percentile + "% of the reference group; likely to pick up "
                    + "new and complex material quickly.";
            case 1 -> "Performed in the typical range of the reference group (better than about " + percentile
                    + "%); should handle the usual learning demands of most roles.";
            default -> "Performed below most of the reference group (better than about " + percentile + "%). "
                    + "Consider how demanding the role's learning and problem solving are, and gather other evidence.";
        };
    }

    static String precision(double se) {
        if (Double.isNaN(se)) {
            return "";
        }
        if (se <= 0.35) {
            return "The estimate is fairly precise (standard error " + fmt2(se) + ").";
        }
        if (se <= 0.6) {
            return "The estimate is moderately precise (standard error " + fmt2(se) + "); treat nearby "
                    + "percentiles as equivalent.";
        }
        return "The estimate is imprecise (standard error " + fmt2(se) + "), for example because few items were "
                + "answered; give it little weight.";
    }

    static String abilityTestName(String assessmentType) {
        if (assessmentType == null) {
            return "ability test";
        }
        return switch (assessmentType) {
            case "aapa" -> "general aptitude test (numerical, verbal and abstract reasoning)";
            case "lpm" -> "learning potential test (patterns, series and matrices)";
            case "lpm_u" -> "learning potential test in plain language";
            default -> "ability test";
        };
    }

    // ---- quality -------------------------------------------------------------------------------------------

    private static final Map<String, String> FLAGS = Map.of(
            "straight_lining", "Many consecutive answers were identical, which can mean that not every statement "
                    + "was read carefully.",
            "low_variability", "The answers varied very little across statements, so differences between the "
                    + "scores are less informative.",
            "inconsistent_responses", "Answers to statements worded in opposite directions did not agree, which "
                    + "lowers confidence in the profile.",
            "incomplete", "Some questions were left unanswered; questionnaires score the answered questions only, "
                    + "ability tests count unanswered questions as wrong.",
            "random_responding", "Answers to statements about the same trait disagree with each other about as much "
                    + "as random answers do: the scores may not describe the candidate.",
            "too_fast", "The typical response time was very short, so some questions may have been answered "
                    + "without full consideration.");

    static String flagTitle(String flag) {
        return humanize(flag);
    }

    static String flag(String flag) {
        return FLAGS.getOrDefault(flag, "The scoring engine raised this response-quality warning; interpret the "
                + "scores with care.");
    }

    static String reliability(String level) {
        return switch (level == null ? "" : level) {
            case "high" -> "Answers to statements about the same trait agree with each other and show no sign of "
                    + "random, one-sided or hurried answering; the profile can be read as it stands.";
            case "moderate" -> "Some response-quality concerns: interpret the profile with care and check it in "
                    + "interview.";
            case "low" -> "Serious response-quality concerns: the profile may not describe the candidate; consider "
                    + "re-assessing.";
            default -> "";
        };
    }

    // ---- methodology ---------------------------------------------------------------------------------------

    static String methodology(String kind) {
        return switch (kind) {
            case "disc" -> "The candidate rated 15 statements about their behaviour at work from 1 to 5. Each "
                    + "dimension's mean answer (reverse-worded statements flipped) is mapped to 0 to 100 as "
                    + "(mean − 1) / 4 × 100; bands are low below 40, moderate 40 to below 70 and high 70 and above. "
                    + "The style position is the direction of the combined profile on the D-I-S-C circle, divided "
                    + "into 12 sectors of 30°. The scores describe preferred behaviour, not ability: no value is "
                    + "better than another in general. The reliability score is a response-quality index: how well "
                    + "answers to statements about the same dimension agree (reverse-worded ones included), less "
                    + "penalties for runs of identical answers, little spread and very fast answering.";
            case "fra" -> "The candidate rated 40 statements on four scales (integrity, rule compliance, self-"
                    + "control, safety awareness). Higher scores mean lower self-reported risk. Each scale's mean "
                    + "answer is compared with a provisional reference group and shown as a percentile (the share of "
                    + "that group scoring lower); bands are low below 40, moderate 40 to 69 and high 70 and above. The "
                    + "composite is the mean of the four standardized scores, standardized again, so that it spreads "
                    + "like a single scale. The norms are provisional, so every percentile is indicative. Self-report can be coloured by a wish to make a good "
                    + "impression.";
            case "tfd" -> "The candidate rated work-style statements, scored on six dimensions from 0 to 100. The "
                    + "profile is compared with a target profile for the occupation; the fit score (0 to 100) "
                    + "combines similarity of shape (correlation) and of level (mean absolute gap), anchored so that 0 "
                    + "is no closer than answering every statement in the middle and 100 is the target itself. Target profiles "
                    + "are our own, set from O*NET work-style descriptions. Occupation codes and titles: O*NET 28 "
                    + "Database by the U.S. Department of Labor, Employment and Training Administration, CC BY 4.0.";
            case "ability" -> "Multiple-choice questions, each scored right or wrong; unanswered questions count "
                    + "as wrong. Ability (theta, in logits) is estimated with a two-parameter logistic item response "
                    + "model (empirical Bayes estimate with a standard normal prior); the shaded band is ±1 standard "
                    + "error. The percentile is the share of a standard normal reference population below theta, a "
                    + "provisional norm: treat it as indicative. "
                    + "Item parameters are provisional and not yet calibrated on real candidates.";
            default -> "No methodology note is available for this result kind.";
        };
    }

    // ---- helpers -------------------------------------------------------------------------------------------

    /** Band from a 0-100 value with the contract's cut-offs. */
    static String band(double v) {
        return Bands.label(v);
    }

    static int bandIndex(String band) {
        if ("high".equals(band)) {
            return 2;
        }
        return "moderate".equals(band) ? 1 : 0;
    }

    static String humanize(String s) {
        if (s == null || s.isEmpty()) {
            return "";
        }
        String t = s.replace('_', ' ');
        return Character.toUpperCase(t.charAt(0)) + t.substring(1);
    }

    static String fmt2(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }

    static String signed(double v) {
        return String.format(Locale.ROOT, "%+.2f", v).replace("-", "−");
    }
}
