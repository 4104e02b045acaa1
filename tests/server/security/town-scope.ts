// The setting of the town-scope suites (a user limited to some municipalities, docs/reglas-del-negocio.md §11
// and decision 022, sees only those, on every route of the router). A COBRADOR and a CAPTURISTA of account A,
// both limited to A's first town, beside a second town of the same account; each suite file builds its own.
import { beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_ROLES } from '../../../shared/permissions';
import { connectTestSql, testApp } from '../helpers/test-db';
import { queryFilters } from './aims';
import { type Answer, caller, type Other, shows } from './answers';
import { clip } from './inspect';
import { requestOf, validRequest } from './requests';
import { type ApiRoute, apiRoutes, KINDS, PUBLIC_ROUTES, paramKind } from './routes';
import { TOWN_KINDS } from './town-rows';
import { addLimitedUser, newTown, type Town, townMarker } from './town-world';
import { type Actor, buildWorld, type Ids, type World } from './world';

export interface Limited {
  /** Limited to A's first town. */
  actor: Actor;
  /** A user of the same permissions with every town: what the role may call at all. */
  control: Actor;
}

export const LIMITED = ['cobrador', 'capturista'] as const;
export type LimitedName = (typeof LIMITED)[number];

/**
 * One file's setting, filled in before its tests: A, its limited users and their controls, then `beforeTown` (what
 * must be read before the second town exists), then the town.
 */
export class TownScope {
  readonly sql = connectTestSql();
  readonly app = testApp(this.sql);
  readonly call = caller(this.app);
  readonly routes = apiRoutes(this.app);
  readonly guarded = this.routes.filter((r) => !PUBLIC_ROUTES.has(r.key));
  readonly gets = this.guarded.filter((r) => r.method === 'GET');
  readonly other: Other = { marker: townMarker(), whose: 'del otro pueblo' };
  A!: World;
  /** The second town; a new one after a refusal that changed it (`afterChange`), with the same marker. */
  town!: Town;
  readonly users = {} as Record<LimitedName, Limited>;

  constructor(beforeTown?: (scope: TownScope) => Promise<void>) {
    beforeAll(async () => {
      const { sql, app } = this;
      this.A = await buildWorld(sql, app, 'A');
      const mine = [Number(this.A.ids.municipality)];
      const [cobrador, capturista, capturistaControl] = await Promise.all([
        addLimitedUser(sql, app, this.A, 'COBRADOR LIMITADO', SEEDED_ROLES.COBRADOR, mine),
        addLimitedUser(sql, app, this.A, 'CAPTURISTA LIMITADA', SEEDED_ROLES.CAPTURISTA, mine),
        addLimitedUser(sql, app, this.A, 'CAPTURISTA', SEEDED_ROLES.CAPTURISTA, null),
      ]);
      this.users.cobrador = { actor: cobrador, control: this.A.cobrador };
      this.users.capturista = { actor: capturista, control: capturistaControl };
      await beforeTown?.(this);
      this.town = await newTown(sql, app, this.A, this.other.marker);
    }, 60_000);
  }

  /** A check of each limited user, in the order of LIMITED. */
  eachLimited(title: string, check: (user: Limited, name: LimitedName) => Promise<void>, timeout?: number) {
    it.each(LIMITED)(title, (name) => check(this.users[name], name), timeout);
  }

  /** The town's ids with a new sync device on each read, like ownIds. */
  townIds(): Ids {
    const ids = { ...this.town.ids };
    Object.defineProperty(ids, 'device', { get: () => crypto.randomUUID(), enumerable: true });
    return ids;
  }

  /**
   * A refusal that changed a row has changed the town too (a client moved, a sheet deleted): the rest of the run
   * attacks a new town, so one leak cannot hide the next. A's own clients go back to A's first town.
   */
  async afterChange() {
    const { A, sql } = this;
    await sql`update clients set municipality_id = ${A.ids.municipality}
      where account_id = ${A.accountId}
        and (id = any(${[Number(A.ids.client), Number(A.ids.freeClient)]}::bigint[])
          or id = (select client_id from loans where id = ${A.ids.editableLoan}))`;
    this.town = await newTown(sql, this.app, A, this.other.marker);
  }

  /** The answer's text around the town's marker (its beginning when the marker is not there). */
  excerpt(answer: Answer, max = 160) {
    const at = answer.text.indexOf(this.other.marker);
    if (at < 0) return clip(answer.text, max);
    const from = Math.max(0, at - max / 2);
    return `${from > 0 ? '…' : ''}${clip(answer.text.slice(from), max)}`.replace(/\s+/g, ' ');
  }
}

/** Reads first, then writes, deletions last: a refused deletion that went through is caught before it hides more. */
export const byRisk = (list: ApiRoute[]) => {
  const rank = (r: ApiRoute) => (r.method === 'GET' ? 0 : r.method === 'DELETE' ? 2 : 1);
  return [...list].sort((a, b) => rank(a) - rank(b));
};

/** The route's path parameters of a town's kinds. */
export function townParams(route: ApiRoute) {
  const entry = requestOf(route);
  return route.params.filter((p) => TOWN_KINDS.has(paramKind(route, p, entry.params)));
}

/** The valid query, then the same without town filters when it has any. */
export function queriesOf(route: ApiRoute, ids: Ids) {
  const full = requestOf(route).query?.(ids) ?? {};
  // Without its town filters (a list's town, client, loan or sheet).
  const { own } = queryFilters(route, TOWN_KINDS);
  const bare = Object.fromEntries(Object.entries(full).filter(([key]) => !own.has(key)));
  return Object.keys(bare).length === Object.keys(full).length ? [full] : [full, bare];
}

/**
 * The checks of a file's own fixture: the route lists hold (`keys`, the routes the file names), the other town is
 * real, the users are limited.
 */
export function describeFixture(scope: TownScope, keys: string[] = []) {
  const { call, routes } = scope;
  describe('the fixture', () => {
    it('the route lists hold and the town kinds are kinds', () => {
      expect([...TOWN_KINDS].filter((k) => !(KINDS as readonly string[]).includes(k))).toEqual([]);
      expect(keys.filter((k) => !routes.some((r) => r.key === k))).toEqual([]);
      for (const route of routes)
        for (const param of route.params) paramKind(route, param, requestOf(route).params);
    });

    it('the other town’s ids are real: the account’s administrator reads them, marker and all', async () => {
      const { A, town } = scope;
      const failures: string[] = [];
      for (const route of scope.gets.filter((r) => townParams(r).length > 0)) {
        const answer = await call(A.superAdmin.token, 'GET', validRequest(route, scope.townIds()).path);
        if (answer.status !== 200) failures.push(`${route.key} → ${answer.status} ${clip(answer.text)}`);
      }
      const clients = await call(
        A.superAdmin.token,
        'GET',
        `/api/clients?municipalityId=${town.ids.municipality}`,
      );
      if (!shows(clients, scope.other))
        failures.push(`GET /api/clients del pueblo sin la marca: ${clip(clients.text)}`);
      expect(failures).toEqual([]);
    });

    it('the limited users are limited to A’s first town', async () => {
      const list = await call(scope.A.superAdmin.token, 'GET', '/api/list-users');
      const rows = (JSON.parse(list.text) as { data: { id: number; municipios: number[] | null }[] }).data;
      for (const { actor } of LIMITED.map((name) => scope.users[name]))
        expect(rows.find((u) => u.id === actor.userId)?.municipios).toEqual([scope.A.ids.municipality]);
    });
  });
}
