package com.assessments.portal.auth;

import jakarta.enterprise.context.RequestScoped;

/**
 * Facts about the current portal request that the resources need: whether it came over https, for the cookie, and
 * the client's address, for the sign-in throttle (as the request reached the service: with quarkus.http.proxy.*
 * forwarding on, what a trusted proxy forwarded).
 */
@RequestScoped
public class PortalRequest {

    private boolean secure;
    private String address;

    void secure(boolean secure) {
        this.secure = secure;
    }

    void address(String address) {
        this.address = address;
    }

    /** The client's address (the forwarded one behind a trusted proxy); null when unknown. */
    public String address() {
        return address;
    }

    public boolean secure() {
        return secure;
    }
}
