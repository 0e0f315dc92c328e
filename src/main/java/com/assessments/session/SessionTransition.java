package com.assessments.session;

/** A session moved (created, started, completed, failed, expired); fired in the moving transaction for observers. */
public record SessionTransition(String event, String assessmentType, String environment) {
}
