-- Live session creates of one organization queued on its single license row: each create held that row locked from
-- its UPDATE through its commit's disk flush, so they ran one at a time. The capacity is now split over 16 stripes;
-- a create takes a unit from a stripe no other transaction holds (SKIP LOCKED), so up to 16 run side by side.
-- licenses.capacity stays what the operator set; the stripes' capacities add up to it (or to what is used, when the
-- capacity was lowered below that), and no stripe can use more than its own capacity (checked here, not only in code).
create table license_stripes (
    organization_id text     not null,
    assessment_type text     not null,
    stripe          smallint not null check (stripe >= 0),
    capacity        integer  not null check (capacity >= 0),
    used            integer  not null default 0 check (used >= 0 and used <= capacity),
    primary key (organization_id, assessment_type, stripe),
    foreign key (organization_id, assessment_type) references licenses (organization_id, assessment_type) on delete cascade
);

-- existing licenses: what is used stays on stripe 0 (with the capacity that covers it); the free units are spread
insert into license_stripes (organization_id, assessment_type, stripe, capacity, used)
select l.organization_id, l.assessment_type, s.stripe,
       case when s.stripe = 0 then l.used else 0 end
           + greatest(l.capacity - l.used, 0) / 16
           + case when s.stripe < greatest(l.capacity - l.used, 0) % 16 then 1 else 0 end,
       case when s.stripe = 0 then l.used else 0 end
from licenses l cross join generate_series(0, 15) as s(stripe);

alter table licenses drop column used;
