package com.assessments.catalogue.rest;

import com.assessments.i18n.LocaleSupport;
import com.assessments.i18n.Locales;
import com.assessments.api.AssessmentsApi;
import com.assessments.api.model.AssessmentType;
import com.assessments.api.model.AssessmentTypeList;
import com.assessments.catalogue.AssessmentCatalogue;
import com.assessments.common.error.ApiException;
import com.assessments.common.error.ErrorCode;
import com.assessments.key.Caller;
import com.assessments.session.Session;
import com.assessments.session.SessionLifecycle;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.ws.rs.core.Response;

import java.util.Map;

/**
 * The catalogue routes; the runner (session token) may read only its own session's bank, and only while the
 * session takes answers.
 */
public class AssessmentsResource implements AssessmentsApi {

    private final AssessmentCatalogue catalogue;
    private final Caller caller;
    private final SessionLifecycle lifecycle;
    private final LocaleSupport localeSupport;

    public AssessmentsResource(AssessmentCatalogue catalogue, Caller caller, SessionLifecycle lifecycle, LocaleSupport localeSupport) {
        this.catalogue = catalogue;
        this.localeSupport = localeSupport;
        this.caller = caller;
        this.lifecycle = lifecycle;
    }

    @Override
    @RunOnVirtualThread
    public Response listAssessmentTypes() {
        return Response.ok(new AssessmentTypeList().data(catalogue.types())).build();
    }

    @Override
    @RunOnVirtualThread
    public Response getQuestionBank(AssessmentType type, String locale) {
        String language = Locales.ENGLISH;
        if (caller.hasSession()) {
            Session session = Session.findById(caller.session().sessionId());
            if (session == null || !session.assessmentType.equals(type.toString())) {
                throw new ApiException(ErrorCode.INSUFFICIENT_PERMISSIONS,
                        "A session token may read only its own session's question bank.", Map.of("assessmentType", type.toString()));
            }
            // a finished session's token reveals nothing but its end state: 409 once completed, 410 once expired
            lifecycle.requireSubmittable(session);
            language = Locales.textLanguage(session.locale);
        }
        if (locale != null) {
            // the same check and 400 as a session's locale on creation
            language = Locales.language(localeSupport.forNewSession(type.toString(), locale, null));
        }
        return Response.ok(catalogue.bank(type.toString(), language)
                .orElseThrow(() -> new ApiException(ErrorCode.NOT_FOUND, "No question bank for " + type + " yet."))).build();
    }
}
