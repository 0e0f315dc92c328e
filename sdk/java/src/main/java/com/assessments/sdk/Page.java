package com.assessments.sdk;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * One page of a list (`limit`/`offset`, newest first) and the way to the next ones. {@link #autoPagingIterable()}
 * walks every item of this page and the following ones, fetching each page when the previous is used up. Offsets
 * shift when items are created during the walk (newest first), so an item may then be seen twice: de-duplicate on
 * the id if that matters, or bound the walk with a `created_before` filter.
 *
 * @param <T> the item type
 */
public final class Page<T> {

    private final List<T> data;
    private final long total;
    private final int limit;
    private final int offset;
    private final IntFunction<Page<T>> fetchAt;

    Page(List<T> data, long total, int limit, int offset, IntFunction<Page<T>> fetchAt) {
        this.data = data == null ? List.of() : List.copyOf(data);
        this.total = total;
        this.limit = limit;
        this.offset = offset;
        this.fetchAt = fetchAt;
    }

    /** The items of this page. */
    public List<T> getData() {
        return data;
    }

    /** The number of matching items over all pages. */
    public long getTotal() {
        return total;
    }

    public int getLimit() {
        return limit;
    }

    public int getOffset() {
        return offset;
    }

    /** Whether items follow this page. */
    public boolean hasMore() {
        return !data.isEmpty() && offset + data.size() < total;
    }

    /** The following page (one request). */
    public Page<T> nextPage() {
        if (!hasMore()) {
            throw new NoSuchElementException("this is the last page");
        }
        return fetchAt.apply(offset + data.size());
    }

    /** Every item from this page on; pages are fetched lazily, one request each. */
    public Iterable<T> autoPagingIterable() {
        return () -> new Iterator<>() {
            Page<T> page = Page.this;
            int index;

            @Override
            public boolean hasNext() {
                while (index >= page.data.size()) {
                    if (!page.hasMore()) {
                        return false;
                    }
                    page = page.nextPage();
                    index = 0;
                }
                return true;
            }

            @Override
            public T next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return page.data.get(index++);
            }
        };
    }

    /** {@link #autoPagingIterable()} as a sequential stream. */
    public Stream<T> autoPagingStream() {
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(autoPagingIterable().iterator(), Spliterator.ORDERED), false);
    }
}
