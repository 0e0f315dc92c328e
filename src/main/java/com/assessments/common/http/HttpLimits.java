package com.assessments.common.http;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/**
 * The limits {@link HttpEdge} enforces itself, so that going over them is answered with the error envelope.
 * The server's own parser limits (quarkus.http.limits.max-initial-line-length and max-header-size) are set well
 * above these as a backstop: only a request beyond the backstop still gets Vert.x's bare 414 or 431.
 */
@ConfigMapping(prefix = "assessments.http")
public interface HttpLimits {

    /** How long a request may take to send its whole body once its headers are in; then 408 request_timeout. */
    @WithDefault("10s")
    Duration bodyTimeout();

    /** Longest request URI (path and query string, as sent) in characters; longer ones get 414 uri_too_long. */
    @WithDefault("4096")
    int maxUriLength();

    /** Largest header block (each header's name, ": " and value, added up); larger ones get 431 headers_too_large. */
    @WithDefault("20K")
    MemorySize maxHeaderSize();
}
