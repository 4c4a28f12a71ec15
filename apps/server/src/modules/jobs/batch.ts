/**
 * Hands the jobs a queue fetched together to one call, so their reads and writes can be one statement
 * for the whole group instead of one per job. The queue (queue.ts) starts every job of a fetched batch in
 * the same turn of the event loop; items submitted during one turn are run together at the next, and each
 * caller gets its own item's outcome: one job's failure stays that job's (it is failed and retried alone).
 */
export function sameTurnBatches<T, R>(
  runMany: (items: T[]) => Promise<Array<PromiseSettledResult<R>>>,
): (item: T) => Promise<R> {
  let pending: Array<{ item: T; resolve: (r: R) => void; reject: (e: unknown) => void }> = [];
  const flush = async () => {
    const group = pending;
    pending = [];
    let results: Array<PromiseSettledResult<R>>;
    try {
      results = await runMany(group.map((p) => p.item));
    } catch (error) {
      for (const p of group) p.reject(error);
      return;
    }
    group.forEach((p, i) => {
      const r = results[i];
      if (r?.status === 'fulfilled') p.resolve(r.value);
      else p.reject(r ? r.reason : new Error('sin resultado para el trabajo'));
    });
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      if (pending.length === 0) setImmediate(() => void flush());
      pending.push({ item, resolve, reject });
    });
}

/**
 * `sameTurnBatches` kept per owner (a process's `Deps`, say): an owner's items of one turn are run
 * together, never with another owner's.
 */
export function sameTurnBatchesOf<K extends object, T, R>(
  runMany: (owner: K, items: T[]) => Promise<Array<PromiseSettledResult<R>>>,
): (owner: K, item: T) => Promise<R> {
  const byOwner = new WeakMap<K, (item: T) => Promise<R>>();
  return (owner, item) => {
    let run = byOwner.get(owner);
    if (!run) {
      run = sameTurnBatches((items: T[]) => runMany(owner, items));
      byOwner.set(owner, run);
    }
    return run(item);
  };
}
