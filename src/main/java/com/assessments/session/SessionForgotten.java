package com.assessments.session;

/**
 * Fired (synchronously, in the deleting transaction) when a session is forgotten, for owners of copies this package
 * does not know (the coach's conversations). The candidate id is the one the session had before it was blanked.
 */
public record SessionForgotten(String organizationId, String environment, String sessionId, String candidateExternalId) {
}
