// Where an attack puts someone else's ids (another account's, another town's) in a route's valid request: its path
// parameters, its query filters, its body fields. What the answer must be is in answers.ts.
import {
  dotPath,
  type FieldPath,
  idFields,
  pathWith,
  probeIds,
  replaceAt,
  requestOf,
  withQuery,
} from './requests';
import { type ApiRoute, KINDS, type Kind, paramKind } from './routes';
import type { Ids } from './world';

/** The path parameters to aim at: all of them, then each one alone when there are several. */
export const paramVariants = (params: string[]) => [
  params,
  ...(params.length > 1 ? params.map((p) => [p]) : []),
];

/** The route's valid path and query for `own`, but the parameters `aimed` taken from `ids`. */
export function pathAiming(route: ApiRoute, own: Ids, aimed: string[], ids: Ids): string {
  const entry = requestOf(route);
  const values = Object.fromEntries(aimed.map((p) => [p, ids[paramKind(route, p, entry.params)]]));
  return withQuery(pathWith(route, own, values), entry.query?.(own));
}

/** Filters any list might read: tried on every GET, so a new list route is attacked without an entry. */
const LIST_FILTERS: Record<string, Kind> = {
  municipalityId: 'municipality',
  municipality_id: 'municipality',
  clientId: 'client',
  loanId: 'loan',
  weeklySheetId: 'sheet',
  accountId: 'account',
  user_id: 'collector',
  userId: 'collector',
};

/**
 * The query filters to aim at on a GET, each with its kind, those of `kinds`: LIST_FILTERS, and the ids the route's
 * valid query carries, which are `own` too.
 */
export function queryFilters(route: ApiRoute, kinds: ReadonlySet<Kind> = new Set(KINDS)) {
  const probe = probeIds();
  const fromEntry = idFields(requestOf(route).query?.(probe) ?? {}, probe)
    .filter((f) => kinds.has(f.kind))
    .map((f): [string, Kind] => [String(f.path[0]), f.kind]);
  const common = Object.entries(LIST_FILTERS).filter(([, kind]) => kinds.has(kind));
  return {
    all: new Map<string, Kind>([...common, ...fromEntry]),
    own: new Set(fromEntry.map(([param]) => param)),
  };
}

export interface BodyAim {
  /** The fields of the body that carry the other's ids. */
  fields: { path: FieldPath; kind: Kind }[];
  /** `METHOD /path #body field=<kind whose> …`, for a failure. */
  label: (whose: string) => string;
  /** The valid body for `own`, but the aimed fields taken from `ids`. */
  body: (own: Ids, ids: Ids) => unknown;
}

/**
 * What to aim at in the route's valid bodies: each field of `kinds` alone, then all of them at once (another's
 * amortization under its own loan) but the device: another user's device is refused before any other id is read.
 */
export function bodyAims(route: ApiRoute, kinds: ReadonlySet<Kind> = new Set(KINDS)): BodyAim[] {
  const probe = probeIds();
  return (requestOf(route).bodies ?? []).flatMap((build, index) => {
    const fields = idFields(build(probe), probe).filter((f) => kinds.has(f.kind));
    const together = fields.filter((f) => f.kind !== 'device');
    return [...fields.map((f) => [f]), ...(together.length > 1 ? [together] : [])].map((aimed) => ({
      fields: aimed,
      label: (whose: string) =>
        `${route.key} #${index} ${aimed.map((f) => `${dotPath(f.path)}=<${f.kind} ${whose}>`).join(' ')}`,
      body: (own: Ids, ids: Ids) =>
        aimed.reduce((b, { path, kind }) => replaceAt(b, path, ids[kind]), build(own)),
    }));
  });
}
