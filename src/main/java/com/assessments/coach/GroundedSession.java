package com.assessments.coach;

import com.fasterxml.jackson.databind.JsonNode;

/** A completed session whose result summary grounds a reply: what the coach may know, and nothing personal. */
record GroundedSession(String id, String assessmentType, JsonNode results) {
}
