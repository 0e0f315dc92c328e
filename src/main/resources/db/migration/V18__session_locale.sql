-- The candidate's locale (a BCP 47 tag such as en, de or de-AT): the language of the runner, the question bank
-- and the PDF report. Sessions created before it existed were all in English.
alter table sessions add column locale text not null default 'en';
