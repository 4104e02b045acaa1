// Queries sent together on one connection (decision 015), so a transaction costs few round trips and the
// account's version is held for none. postgres.js sends a query only once it is awaited, a microtask or two
// later, depending on how many awaits lead to it: the query functions of a pipeline therefore send theirs at
// the call (`.execute()`), and queries called in order travel in order.

/**
 * Awaits queries sent together; on failure, throws the error of the first one sent. Once a statement fails,
 * the ones after it fail as "transaction aborted", and one of those may settle first: the caller must see the
 * cause (a bad-input error is the request's fault, an aborted one is not).
 */
export async function pipelined<T extends readonly unknown[]>(
  queries: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = await Promise.allSettled(queries);
  for (const r of settled) if (r.status === 'rejected') throw r.reason;
  return settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as never;
}
