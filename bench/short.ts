// BENCH_SHORT=1 (set by bench/smoke.ts, which CI runs): every benchmark runs once at small sizes, on each
// database, so that none can rot. The figures of a short run mean nothing; that it ends without error does.
export const SHORT = process.env.BENCH_SHORT === '1';

/** An option's default: the benchmark's own, or the short run's. */
export const sized = (full: string, short: string): string => (SHORT ? short : full);
