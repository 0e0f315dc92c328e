-- Coach messages: what a candidate asked and what the coach answered, per organization, environment and candidate,
-- grouped into conversations. Forgotten with the candidate's sessions (right to forget; SessionForgotten).
create table coach_messages (
    id                    text        primary key,
    organization_id       text        not null references organizations (id),
    environment           text        not null check (environment in ('test', 'live')),
    candidate_external_id text        not null,
    conversation_id       text        not null,
    message               text        not null,
    reply                 text        not null,
    grounded_on           text[]      not null,
    answered_by           text        not null check (answered_by in ('built_in', 'provider')),
    created_at            timestamptz not null
);
create index coach_messages_conversation on coach_messages (organization_id, environment, conversation_id, created_at);
create index coach_messages_candidate on coach_messages (organization_id, environment, candidate_external_id);
