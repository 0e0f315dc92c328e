-- When the session's PDF report was stored (and report.generated emitted); reportUrl is shown from then on.
alter table sessions add column report_generated_at timestamptz;
create index sessions_report_due on sessions (completed_at)
    where status = 'completed' and report_generated_at is null and deleted_at is null;
