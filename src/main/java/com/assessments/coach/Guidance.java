package com.assessments.coach;

import java.util.Map;

/**
 * The built-in coach's curated wording, spoken to the candidate ("you"): per assessment type, dimension and band, one
 * sentence per intent. Low and high bands get their own text; a moderate band is described as flexible. The
 * reports speak about the candidate to an HR reader (report/ReportTexts); this speaks to the candidate.
 */
final class Guidance {

    private Guidance() {
    }

    enum Intent { INTERVIEW, STRENGTHS, DEVELOPMENT, TEAMWORK, MEANING, OVERVIEW }

    /** [low, high] x [strength, development, interview, teamwork] per DISC dimension. */
    private static final Map<String, String[][]> DISC = Map.of(
            "D", new String[][]{
                    {"You build agreement before acting, which helps decisions stick.",
                            "Practise stating a clear recommendation early, even before everyone agrees.",
                            "Prepare an example where you moved a decision forward by bringing people along.",
                            "Colleagues who decide fast may need you to say plainly when you disagree."},
                    {"You take charge and push for results when things stall.",
                            "Check that others have had their say before you close a decision.",
                            "Prepare an example of a quick decision you made, and what you did to hear the team first.",
                            "Slower, careful colleagues work best with you when you give them time and context."}},
            "I", new String[][]{
                    {"You focus on substance and keep discussions factual.",
                            "Practise presenting your ideas with a short story or example that draws people in.",
                            "Prepare one example where your careful work persuaded others without a big pitch.",
                            "Make a point of sharing progress: others may not see your work unless you tell them."},
                    {"You build rapport quickly and bring energy to a group.",
                            "Agree on follow-up steps in writing so enthusiasm turns into delivery.",
                            "Prepare an example where you won people over, and one where you saw a detail through.",
                            "Detail-minded colleagues appreciate it when you bring the facts along with the ideas."}},
            "S", new String[][]{
                    {"You are comfortable with change, variety and a fast pace.",
                            "When work becomes routine, set yourself small goals to keep your attention on it.",
                            "Prepare an example of how you handled a sudden change and kept others on board.",
                            "Colleagues who value stability work best with you when you explain the reasons for changes."},
                    {"You are patient, dependable and supportive of the people around you.",
                            "Practise voicing disagreement early instead of waiting for a calmer moment.",
                            "Prepare an example where you kept a team steady, and one where you adapted to change.",
                            "Fast-moving colleagues may need you to say when a change needs more preparation."}},
            "C", new String[][]{
                    {"You act on incomplete information and keep things moving.",
                            "For high-stakes work, add a short checklist so details do not slip.",
                            "Prepare an example of a quick, pragmatic decision and how you checked it afterwards.",
                            "Careful colleagues will trust your pace more when you show them how you checked the facts."},
                    {"You are careful and precise, and you check facts before you act.",
                            "Practise deciding with 80% of the information when time matters more than certainty.",
                            "Prepare an example where your accuracy prevented a problem, and one where you decided under time pressure.",
                            "Fast colleagues work well with you when you agree early on what 'good enough' means."}});

    static final Map<String, String> DISC_NAMES = Map.of(
            "D", "Dominance", "I", "Influence", "S", "Steadiness", "C", "Conscientiousness");

    /** A DISC dimension's sentence for an intent; a moderate band reads as flexible. */
    static String disc(String dimension, String band, Intent intent) {
        String[][] texts = DISC.get(dimension);
        if (texts == null) {
            return "";
        }
        if ("moderate".equals(band)) {
            return "On " + DISC_NAMES.get(dimension) + " you are in the middle range: you can adapt your approach to "
                    + "what the situation needs.";
        }
        return texts["high".equals(band) ? 1 : 0][column(intent)];
    }

    /** FRA: work-related reliability scales, in plain words. */
    static final Map<String, String> FRA_SCALES = Map.of(
            "integrity", "honesty and keeping commitments",
            "rule_compliance", "following rules and procedures",
            "self_control", "staying calm and measured under pressure",
            "safety_awareness", "attention to safety",
            "analytical", "careful, analytical work");

    static String fra(String scale, String band, Intent intent) {
        String name = FRA_SCALES.getOrDefault(scale, scale.replace('_', ' '));
        boolean high = "high".equals(band);
        return switch (intent) {
            case INTERVIEW -> high ? "Prepare an example that shows " + name + " in a real situation."
                    : "Think of a situation that shows how you handle " + name + ", and what you learned from it.";
            case DEVELOPMENT -> high ? "Keep " + name + " visible to others, for example by explaining your reasons."
                    : "If " + name + " matters in the role, ask what is expected and agree on concrete habits.";
            default -> high ? "Your answers describe a strong focus on " + name + "."
                    : "Your answers put less emphasis on " + name + " than most people do.";
        };
    }

    static String tfdFit(String band, String occupation) {
        return switch (band) {
            case "high" -> "Your work-style profile is close to the profile we describe as typical for " + occupation
                    + " (a description of ours, not a measured norm).";
            case "moderate" -> "Your work-style profile partly resembles the typical profile for " + occupation
                    + ": some dimensions match and others differ.";
            default -> "Your work-style profile differs from the typical profile for " + occupation
                    + ". That is not a judgement of your ability; it says the day-to-day style may feel different.";
        };
    }

    static String tfdGap(String dimension, double gap) {
        String direction = gap > 0 ? "more" : "less";
        return "You describe " + direction + " " + dimension.replace('_', ' ') + " than is typical for the occupation ("
                + (gap > 0 ? "+" : "") + Math.round(gap) + " points).";
    }

    static String ability(String band, long percentile) {
        return switch (band) {
            case "high" -> "You scored higher than about " + percentile + "% of the reference group on this reasoning test.";
            case "moderate" -> "You scored in the typical range of the reference group (higher than about " + percentile + "%).";
            default -> "You scored below most of the reference group (higher than about " + percentile + "%); "
                    + "one test on one day is not the whole picture of what you can learn.";
        };
    }

    static String abilityAdvice(Intent intent) {
        return switch (intent) {
            case INTERVIEW -> "In an interview, reasoning shows best when you think aloud: state the problem, your "
                    + "steps and how you checked the answer.";
            case DEVELOPMENT -> "Timed reasoning improves with practice on similar problems and with reading questions "
                    + "fully before answering.";
            default -> "";
        };
    }

    private static int column(Intent intent) {
        return switch (intent) {
            case STRENGTHS, MEANING, OVERVIEW -> 0;
            case DEVELOPMENT -> 1;
            case INTERVIEW -> 2;
            case TEAMWORK -> 3;
        };
    }
}
