// A user limited to some municipalities (docs/reglas-del-negocio.md §11, decision 022) sees only those, on
// every route of the router.
// A COBRADOR and a CAPTURISTA of account A, both limited to A's first town, attack a second town of the same
// account: its ids in every path, query, body and sync mutation must be answered exactly as an id no row has
// (status and body), show nothing of the town and change nothing. (What they read with their own ids:
// town-scope-reads.test.ts.) Each check collects every failure before it fails, so one run lists every leak.
import { describe, expect } from 'vitest';
import { bodyAims, paramVariants, pathAiming, queryFilters } from './aims';
import {
  type Answer,
  allowedChanges,
  bodyRefusal,
  distinguishable,
  fieldRefusal,
  PUSH_BOOKKEEPING,
  pathRefusal,
  pushRefusal,
  shows,
} from './answers';
import { changedTables, digest } from './digest';
import { missingIds, pathWith, requestOf, withQuery } from './requests';
import { TODAY, TOWN_KINDS, versionOf } from './town-rows';
import { byRisk, describeFixture, queriesOf, TownScope, townParams } from './town-scope';
import { type Ids, ownIds } from './world';

const scope = new TownScope();
const { sql, call } = scope;

/** The attacks of one check: every failure found, and how many were made (too few would prove nothing). */
class Attacks {
  readonly failures: string[] = [];
  made = 0;

  /**
   * One attack of the town by a limited user: `send` makes the request for `aimed` (the town's) and for its twin
   * (what no row is). A failure is what `refusal` finds wrong, the answer differing from the twin's, or a row
   * changed (beyond `allowed` tables); a change rebuilds the town (afterChange) so one leak cannot hide the next.
   */
  async attack<T>(
    label: string,
    [aimed, twinOf]: [T, T],
    send: (target: T) => Promise<Answer>,
    refusal: (answer: Answer) => string | null,
    allowed: readonly string[] = [],
  ) {
    const before = await digest(sql, [scope.A.accountId]);
    const answer = await send(aimed);
    const twin = await send(twinOf);
    this.made++;
    const problem = refusal(answer) ?? distinguishable(answer, twin);
    if (problem) this.failures.push(`${label} → ${problem}: ${scope.excerpt(answer)}`);
    const changed = changedTables(before, await digest(sql, [scope.A.accountId]), allowed);
    if (changed.length > 0) {
      this.failures.push(`${label} cambió ${changed.join(', ')}`);
      await scope.afterChange();
    }
  }

  /** No attack failed, and more than `atLeast` were made. */
  expectNoLeak(atLeast?: number) {
    expect(this.failures).toEqual([]);
    if (atLeast !== undefined) expect(this.made).toBeGreaterThan(atLeast);
  }
}

/** The town's ids, and ids no row has. */
const townAndMissing = (): [Ids, Ids] => [scope.townIds(), missingIds()];

describeFixture(scope);

describe('the other town’s ids', () => {
  scope.eachLimited(
    'in the path: the %s gets what a missing id gets, nothing shown, nothing changed',
    async (user) => {
      const run = new Attacks();
      for (const route of byRisk(scope.guarded.filter((r) => townParams(r).length > 0))) {
        // Every town parameter the town's, then each alone (the town's amortization under one's own loan).
        for (const foreign of paramVariants(townParams(route))) {
          const own = ownIds(scope.A);
          const body = requestOf(route).bodies?.[0]?.(own);
          await run.attack(
            `${route.key} con ${foreign.join(', ')} del otro pueblo`,
            townAndMissing(),
            (ids) => call(user.actor.token, route.method, pathAiming(route, own, foreign, ids), body),
            (answer) => pathRefusal(answer, scope.other),
          );
        }
      }
      run.expectNoLeak(20);
    },
    60_000,
  );

  scope.eachLimited(
    'in query filters: the %s gets what a missing id gets, nothing shown',
    async (user) => {
      const run = new Attacks();
      for (const route of scope.gets) {
        const own = ownIds(scope.A);
        const path = pathWith(route, own);
        // Filters any list might read and the route's own, of a town's kinds.
        const filters = queryFilters(route, TOWN_KINDS);
        const tried = new Set<string>();
        for (const [param, kind] of filters.all) {
          // With the rest of the valid query (one's own town beside the town's client), then, for the route's own
          // filters, without its other town filters (the town's client alone): a filter that narrows to nothing
          // hides no leak.
          const rests = filters.own.has(param) ? queriesOf(route, own) : queriesOf(route, own).slice(0, 1);
          for (const rest of rests) {
            const key = withQuery('', { ...rest, [param]: '' });
            if (tried.has(key)) continue;
            tried.add(key);
            const filtered = (ids: Ids) =>
              call(user.actor.token, 'GET', withQuery(path, { ...rest, [param]: ids[kind] }));
            const answer = await filtered(scope.town.ids);
            const twin = await filtered(missingIds());
            run.made++;
            // A list that shows the town whatever the filter says: its own leak, listed by the lists' check.
            if (shows(twin, scope.other) && !distinguishable(answer, twin, [param])) continue;
            const problem =
              fieldRefusal(route, answer, [[param]], scope.other) ?? distinguishable(answer, twin, [param]);
            const shown = Object.entries({ ...rest, [param]: `<${kind} del otro pueblo>` })
              .map(([k, v]) => `${k}=${v}`)
              .join('&');
            if (problem) run.failures.push(`${route.key}?${shown} → ${problem}: ${scope.excerpt(answer)}`);
          }
        }
      }
      run.expectNoLeak(100);
    },
    60_000,
  );

  scope.eachLimited(
    'in bodies: the %s gets what a missing id gets, nothing shown, nothing changed',
    async (user) => {
      const run = new Attacks();
      for (const route of byRisk(scope.guarded.filter((r) => r.method !== 'GET'))) {
        for (const aim of bodyAims(route, TOWN_KINDS)) {
          const own = ownIds(scope.A);
          const path = pathWith(route, own);
          await run.attack(
            aim.label(scope.other.whose),
            townAndMissing(),
            // Built for each call: a push's device is a new one each time (no replays).
            (ids) => call(user.actor.token, route.method, path, aim.body(own, ids)),
            (answer) => bodyRefusal(route, answer, aim.fields, scope.other),
            allowedChanges(route),
          );
        }
      }
      run.expectNoLeak(10);
    },
    60_000,
  );

  scope.eachLimited(
    'in every sync mutation: the %s’s push is rejected as for a missing loan or payment',
    async (user) => {
      const run = new Attacks();
      const mutation = (name: string, args: Record<string, unknown>) => ({
        id: 1,
        name,
        args: { receiptId: crypto.randomUUID(), ...args },
        clientTime: new Date().toISOString(),
      });
      // What the town's own collector could push: each names the town's loan, row or payment.
      interface Target {
        loan: unknown;
        row: unknown;
        payment: string;
        baseVersion: number;
      }
      const attacks: [string, (t: Target) => unknown][] = [
        ['payment.record', (t) => mutation('payment.record', { loanId: t.loan, amount: 50, fecha: TODAY })],
        [
          'payment.correct',
          (t) =>
            mutation('payment.correct', { paymentReceiptId: t.payment, amount: 40, reason: 'Corrección' }),
        ],
        [
          'amortization.update',
          (t) =>
            mutation('amortization.update', {
              loanId: t.loan,
              amortizationId: t.row,
              baseVersion: t.baseVersion,
              pagada: true,
            }),
        ],
        [
          'visit.create',
          (t) => mutation('visit.create', { loanId: t.loan, fecha: TODAY, motivo: 'NO_ESTABA' }),
        ],
      ];
      for (const [label, build] of attacks) {
        const { town } = scope;
        // The row's current version: were the town's row reachable, the update would apply.
        const baseVersion = await versionOf(sql, Number(town.ids.amortization));
        const missing = missingIds();
        await run.attack<Target>(
          `POST /api/sync/push ${label} del otro pueblo`,
          [
            { loan: town.ids.loan, row: town.ids.amortization, payment: town.paymentReceiptId, baseVersion },
            { loan: missing.loan, row: missing.amortization, payment: crypto.randomUUID(), baseVersion },
          ],
          (t) =>
            call(user.actor.token, 'POST', '/api/sync/push', {
              clientId: crypto.randomUUID(),
              mutations: [build(t)],
            }),
          (answer) => pushRefusal(answer, scope.other),
          PUSH_BOOKKEEPING,
        );
      }
      run.expectNoLeak();
    },
  );
});
