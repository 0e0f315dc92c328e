-- The whole product's schema as far as it can be foreseen. Ids are prefixed random strings made by the
-- service (org_, key_, ses_, evt_, we_, whd_, tfc_); all instants are timestamptz in UTC.

create table organizations (
    id                      text primary key,
    name                    text        not null,
    enabled_assessment_types text[]     not null default '{}',
    rate_limit_per_minute   integer     not null default 120 check (rate_limit_per_minute > 0),
    created_at              timestamptz not null,
    updated_at              timestamptz not null
);

-- License capacity per organization and assessment type. Live sessions take one with a single
-- conditional UPDATE (used < capacity), so two concurrent creates can never both take the last one.
create table licenses (
    organization_id text    not null references organizations (id),
    assessment_type text    not null,
    capacity        integer not null check (capacity >= 0),
    used            integer not null default 0 check (used >= 0),
    primary key (organization_id, assessment_type)
);

-- API keys: only a SHA-256 digest of the plain key is stored; prefix and last4 are for display.
create table api_keys (
    id                    text primary key,
    organization_id       text        not null references organizations (id),
    kind                  text        not null check (kind in ('secret', 'publishable')),
    environment           text        not null check (environment in ('test', 'live')),
    key_hash              bytea       not null unique,
    prefix                text        not null,
    last4                 text        not null,
    scopes                text[]      not null,
    products              text[],
    allowed_origins       text[]      not null default '{}',
    rate_limit_per_minute integer check (rate_limit_per_minute > 0),
    pair_id               text        not null,
    rotated_from_id       text references api_keys (id),
    created_at            timestamptz not null,
    expires_at            timestamptz,
    revoked_at            timestamptz,
    last_used_at          timestamptz
);
create index api_keys_organization on api_keys (organization_id, created_at);

-- TFD occupation configs: each maps to exactly one occupation and one question pool.
create table tfd_configs (
    id               text primary key,
    organization_id  text        not null references organizations (id),
    occupation_id    text        not null,
    occupation_name  text        not null,
    question_pool    text        not null,
    mode             text        not null,
    language         text        not null,
    total_questions  integer     not null check (total_questions > 0),
    status           text        not null check (status in ('generating', 'reviewing', 'published', 'archived')),
    target_profile   jsonb,
    created_at       timestamptz not null,
    updated_at       timestamptz not null
);
create index tfd_configs_organization on tfd_configs (organization_id, status);

create table sessions (
    id                    text primary key,
    organization_id       text        not null references organizations (id),
    environment           text        not null check (environment in ('test', 'live')),
    assessment_type       text        not null,
    status                text        not null check (status in ('created', 'in_progress', 'completed', 'failed', 'expired')),
    token_hash            bytea       not null unique,
    candidate_external_id text,
    candidate_email       text,
    candidate_name        text,
    config                jsonb,
    metadata              jsonb,
    redirect_url          text,
    progress              jsonb,
    responses             jsonb,
    results               jsonb,
    license_consumed      boolean     not null default false,
    created_by_key_id     text references api_keys (id),
    created_at            timestamptz not null,
    updated_at            timestamptz not null,
    expires_at            timestamptz not null,
    started_at            timestamptz,
    completed_at          timestamptz,
    failed_at             timestamptz,
    expired_at            timestamptz,
    deleted_at            timestamptz
);
create index sessions_list on sessions (organization_id, environment, created_at desc, id desc) where deleted_at is null;
create index sessions_candidate on sessions (organization_id, environment, candidate_external_id) where deleted_at is null;
create index sessions_due_to_expire on sessions (expires_at) where status in ('created', 'in_progress') and deleted_at is null;

-- Stored PDF reports (one per session); removed on right-to-forget.
create table reports (
    session_id   text primary key references sessions (id),
    content      bytea       not null,
    sha256       bytea       not null,
    created_at   timestamptz not null
);

-- Outbox: events are written in the same transaction as the state change that caused them.
create table events (
    id              text primary key,
    organization_id text        not null references organizations (id),
    environment     text        not null check (environment in ('test', 'live')),
    type            text        not null,
    session_id      text references sessions (id),
    payload         jsonb       not null,
    created_at      timestamptz not null
);
create index events_list on events (organization_id, environment, created_at desc, id desc);
create index events_session on events (session_id);

-- Webhook signing secrets must be read back to sign, so they are stored encrypted (AES-GCM), not hashed.
create table webhook_endpoints (
    id                          text primary key,
    organization_id             text        not null references organizations (id),
    environment                 text        not null check (environment in ('test', 'live')),
    url                         text        not null,
    events                      text[]      not null,
    description                 text,
    status                      text        not null check (status in ('enabled', 'disabled')),
    disabled_reason             text,
    secret_ciphertext           bytea       not null,
    previous_secret_ciphertext  bytea,
    previous_secret_expires_at  timestamptz,
    created_at                  timestamptz not null,
    updated_at                  timestamptz not null,
    deleted_at                  timestamptz
);
create index webhook_endpoints_organization on webhook_endpoints (organization_id, environment) where deleted_at is null;

-- One delivery per (event, subscribed endpoint). Workers claim due rows with FOR UPDATE SKIP LOCKED and
-- a lease (claimed_until), so a replica that dies between claim and send loses nothing.
create table webhook_deliveries (
    id                   text primary key,
    organization_id      text        not null references organizations (id),
    endpoint_id          text        not null references webhook_endpoints (id),
    event_id             text        not null references events (id),
    status               text        not null check (status in ('pending', 'succeeded', 'dead')),
    attempts             integer     not null default 0,
    next_attempt_at      timestamptz,
    claimed_until        timestamptz,
    claimed_by           text,
    last_attempt_at      timestamptz,
    last_response_status integer,
    last_error           text,
    delivered_at         timestamptz,
    created_at           timestamptz not null,
    unique (endpoint_id, event_id)
);
create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, created_at desc);
create index webhook_deliveries_dead on webhook_deliveries (status) where status = 'dead';

create table webhook_attempts (
    id              bigserial primary key,
    delivery_id     text        not null references webhook_deliveries (id),
    attempt         integer     not null,
    attempted_at    timestamptz not null,
    response_status integer,
    error           text,
    duration_ms     integer     not null
);
create index webhook_attempts_delivery on webhook_attempts (delivery_id, attempt);

-- Idempotency-Key records, scoped per organization and environment, kept 24 hours.
create table idempotency_records (
    organization_id text        not null references organizations (id),
    environment     text        not null check (environment in ('test', 'live')),
    idempotency_key text        not null,
    route           text        not null,
    request_hash    bytea       not null,
    state           text        not null check (state in ('in_progress', 'completed')),
    response_status integer,
    response_body   text,
    resource_id     text,
    created_at      timestamptz not null,
    expires_at      timestamptz not null,
    primary key (organization_id, environment, idempotency_key)
);
create index idempotency_records_expiry on idempotency_records (expires_at);

-- Last run of each scheduled job, across replicas; GET /status reads it.
create table job_runs (
    job          text primary key,
    last_run_at  timestamptz not null,
    instance     text        not null,
    duration_ms  integer     not null,
    processed    integer     not null default 0
);
