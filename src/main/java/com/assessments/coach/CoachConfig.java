package com.assessments.coach;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.net.URI;
import java.time.Duration;
import java.util.Optional;

/** The coach's settings (assessments.coach.*): its own rate limit and the optional model provider. */
@ConfigMapping(prefix = "assessments.coach")
public interface CoachConfig {

    /** Coach messages per key (and the keys it was rotated from) per minute, on top of the key's own limit. */
    @WithDefault("30")
    int perMinute();

    Provider provider();

    /** An OpenAI-compatible chat-completions endpoint; without a URL the built-in coach answers every message. */
    interface Provider {
        /** Base URL, e.g. https://api.example.com/v1 (POST {url}/chat/completions). */
        Optional<URI> url();

        @WithDefault("gpt-4o-mini")
        String model();

        /** Sent as a Bearer token when set; never logged. */
        Optional<String> apiKey();

        /** Time limit of one provider call (connect and answer); the built-in coach answers after it. */
        @WithDefault("10s")
        Duration timeout();
    }
}
