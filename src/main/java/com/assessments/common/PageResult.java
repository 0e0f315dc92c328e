package com.assessments.common;

import java.util.List;

/** One page of a list and the number of all matches, for the {data, total, limit, offset} envelopes. */
public record PageResult<T>(List<T> items, long total) {
}
