-- The developer portal (issue #16): people, their memberships in organizations, invitations, password resets,
-- server-side sign-in sessions, sign-in throttling and the audit log. Every secret (session, invitation and reset
-- tokens) is stored as a SHA-256 digest only; passwords as Argon2id hashes in PHC string form. Owner: portal/.

create table portal_users (
    id            text primary key,                 -- usr_…
    email         text        not null,             -- stored lower-cased; unique
    name          text        not null,
    password_hash text,                             -- $argon2id$…; null until the first invitation is accepted
    created_at    timestamptz not null,
    updated_at    timestamptz not null
);
create unique index portal_users_email on portal_users (email);

-- Roles, strongest first: owner (everything, the audit log, owners), admin (team, sessions), developer (keys,
-- webhooks, TFD configs), viewer (read only). Each route's minimum role is x-portal-role in openapi.yaml.
create table portal_memberships (
    user_id         text        not null references portal_users (id),
    organization_id text        not null references organizations (id),
    role            text        not null check (role in ('owner', 'admin', 'developer', 'viewer')),
    created_at      timestamptz not null,
    primary key (user_id, organization_id)
);
create index portal_memberships_organization on portal_memberships (organization_id);

-- Single-use, expiring invitations by email. invited_by is null when the operator invited (first owner).
create table portal_invitations (
    id              text primary key,               -- inv_…
    organization_id text        not null references organizations (id),
    email           text        not null,
    role            text        not null check (role in ('owner', 'admin', 'developer', 'viewer')),
    token_hash      bytea       not null unique,
    invited_by      text references portal_users (id),
    created_at      timestamptz not null,
    expires_at      timestamptz not null,
    accepted_at     timestamptz,
    accepted_by     text references portal_users (id),
    revoked_at      timestamptz
);
create index portal_invitations_organization on portal_invitations (organization_id, created_at);

create table portal_password_resets (
    id         text primary key,                    -- prs_…
    user_id    text        not null references portal_users (id),
    token_hash bytea       not null unique,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    used_at    timestamptz
);
create index portal_password_resets_user on portal_password_resets (user_id);

-- Sign-in sessions: the cookie carries the token, the row its digest. A session ends at the first of: sign-out or
-- revocation (revoked_at), idle_expires_at (moved forward on use), expires_at (absolute, fixed at sign-in).
create table portal_sessions (
    id              text primary key,               -- psn_…
    user_id         text        not null references portal_users (id),
    token_hash      bytea       not null unique,
    created_at      timestamptz not null,
    last_seen_at    timestamptz not null,
    idle_expires_at timestamptz not null,
    expires_at      timestamptz not null,
    revoked_at      timestamptz
);
create index portal_sessions_user on portal_sessions (user_id);

-- Failed sign-ins per account (key: SHA-256 of the lower-cased email, so unknown addresses are not stored in clear).
create table portal_sign_in_throttle (
    key_hash           bytea primary key,
    failures           integer     not null,
    window_started_at  timestamptz not null,
    locked_until       timestamptz
);

-- Who did what, per organization (organization_id null for events of a person, such as a sign-in).
create table portal_audit_log (
    id              text primary key,               -- aud_…
    organization_id text references organizations (id),
    user_id         text references portal_users (id),
    action          text        not null,
    target          text,
    details         jsonb       not null default '{}',
    created_at      timestamptz not null
);
create index portal_audit_log_organization on portal_audit_log (organization_id, created_at desc);
