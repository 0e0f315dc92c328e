package com.assessments.portal;

import com.assessments.common.AppConfig;
import io.quarkus.mailer.Mail;
import io.quarkus.mailer.Mailer;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/**
 * The portal's emails, through quarkus-mailer (SMTP from quarkus.mailer.*; dev and tests use its mock mailbox).
 * Called after the transaction that made the link has committed. A failed send is logged without the address or
 * the link, and does not undo the invitation (the inviter sees the link too).
 */
@ApplicationScoped
public class PortalMail {

    private static final Logger LOG = Logger.getLogger(PortalMail.class);

    private final Mailer mailer;
    private final String from;
    private final String base;

    public PortalMail(Mailer mailer, PortalConfig config, AppConfig app) {
        this.mailer = mailer;
        this.from = config.mailFrom();
        this.base = app.publicBaseUrl().replaceAll("/+$", "");
    }

    /** The link a token opens in the portal UI; the token is in the fragment, so no server ever logs it. */
    public String link(String kind, String token) {
        return base + "/portal#" + kind + "=" + token;
    }

    public boolean sendInvitation(String to, String organizationName, String role, String link) {
        return send(to, "You are invited to " + organizationName + " on the assessment developer portal",
                "You have been invited to join " + organizationName + " as " + role + ".\n\n"
                        + "Open this link to accept (it works once):\n" + link + "\n\n"
                        + "If you did not expect this, ignore this email.\n");
    }

    public boolean sendPasswordReset(String to, String link) {
        return send(to, "Reset your developer portal password",
                "Someone (hopefully you) asked to reset the password of this developer portal account.\n\n"
                        + "Open this link to choose a new password (it works once):\n" + link + "\n\n"
                        + "If you did not ask for it, ignore this email; your password stays as it is.\n");
    }

    private boolean send(String to, String subject, String text) {
        try {
            mailer.send(Mail.withText(to, subject, text).setFrom(from));
            return true;
        } catch (RuntimeException e) {
            LOG.errorf("A portal email (%s) could not be sent: %s", subject, e.getClass().getSimpleName());
            return false;
        }
    }
}
