package com.assessments.coach;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The one call of an OpenAI-compatible API the coach makes (REST client, built per configured base URL). */
@Path("/chat/completions")
public interface ChatCompletionsApi {

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    JsonNode complete(@HeaderParam("Authorization") String authorization, JsonNode request);
}
