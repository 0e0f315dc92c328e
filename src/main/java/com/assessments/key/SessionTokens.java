package com.assessments.key;

import java.util.Optional;

/**
 * Finds the session behind a runner's session token (stored as a SHA-256 digest, like API keys). Implemented by the
 * session package, which owns the sessions table; declared here so authentication does not depend on sessions.
 */
public interface SessionTokens {

    /** The session's principal, if the token is one of a session that is not deleted. */
    Optional<Caller.SessionPrincipal> authenticate(String token);
}
