-- Every stored result carries the contract's `kind` discriminator (disc, fra, tfd, ability, error). Scoring
-- results always had it; the ScoringError of failed sessions ({"error":{...}}) did not. Done in the data rather
-- than when reading because events are stored whole and served and delivered as stored (GET /api/v1/events,
-- webhook retries, resend and recover): fixing the rows fixes every reader at once.
-- The kind of a result without one follows from its shape and assessment type.

update sessions
set results = jsonb_build_object('kind',
        case
            when results -> 'error' is not null then 'error'
            when assessment_type = 'tfd_plus' then 'tfd'
            when assessment_type in ('aapa', 'lpm', 'lpm_u') then 'ability'
            else assessment_type
        end) || results
where jsonb_typeof(results) = 'object' and results -> 'kind' is null;

update events
set payload = jsonb_set(payload, '{data,results}', jsonb_build_object('kind',
        case
            when payload #> '{data,results,error}' is not null then 'error'
            when payload #>> '{data,assessmentType}' = 'tfd_plus' then 'tfd'
            when payload #>> '{data,assessmentType}' in ('aapa', 'lpm', 'lpm_u') then 'ability'
            else payload #>> '{data,assessmentType}'
        end) || (payload #> '{data,results}'))
where jsonb_typeof(payload #> '{data,results}') = 'object' and payload #> '{data,results,kind}' is null;
