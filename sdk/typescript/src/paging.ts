// One page of a list (`limit`/`offset`, newest first) and the way to the next ones.

/**
 * A page; iterating it with `for await` yields every item of this page and the following ones, fetching each page
 * when the previous is used up. Offsets shift when items are created during the walk (newest first), so an item
 * may then be seen twice: de-duplicate on the id, or bound the walk with `created_before`.
 */
export class Page<T> implements AsyncIterable<T> {
    constructor(
        readonly data: T[],
        /** Matching items over all pages. */
        readonly total: number,
        readonly limit: number,
        readonly offset: number,
        private readonly fetchAt: (offset: number) => Promise<Page<T>>,
    ) {}

    hasMore(): boolean {
        return this.data.length > 0 && this.offset + this.data.length < this.total;
    }

    /** The following page (one request). */
    nextPage(): Promise<Page<T>> {
        if (!this.hasMore()) {
            return Promise.reject(new RangeError('this is the last page'));
        }
        return this.fetchAt(this.offset + this.data.length);
    }

    async *[Symbol.asyncIterator](): AsyncIterator<T> {
        let page: Page<T> = this;
        for (;;) {
            yield* page.data;
            if (!page.hasMore()) return;
            page = await page.nextPage();
        }
    }

    /** Every item from this page on, up to `max` (default 10,000) as a guard against unbounded lists. */
    async toArray(max = 10_000): Promise<T[]> {
        const out: T[] = [];
        for await (const item of this) {
            if (out.length >= max) break;
            out.push(item);
        }
        return out;
    }
}
