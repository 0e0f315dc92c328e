package com.assessments.portal.auth;

import jakarta.enterprise.context.RequestScoped;

/**
 * Facts about the current portal request that the resources need for the cookie: whether it came over https (as
 * the request reached the service: with quarkus.http.proxy.* forwarding on, the scheme a trusted proxy forwarded).
 */
@RequestScoped
public class PortalRequest {

    private boolean secure;

    void secure(boolean secure) {
        this.secure = secure;
    }

    public boolean secure() {
        return secure;
    }
}
