// Benchmark towns and clients (pure: no database): Puebla/Tlaxcala/Oaxaca towns, groups of 15 clients whose
// first client is the group's coordinadora, a few employees, names and phones as the demo makes them.
import type { PlanClient } from '../../server/seed/demo-loans';
import { fullName, phone } from '../../server/seed/demo-people';
import type { Random } from '../../server/seed/random';
import { clientTypeOf } from '../../shared/loans/terms';

export const COLLECTION_DAYS = ['LUNES', 'MARTES', 'MIERCOLES', 'JUEVES', 'VIERNES'] as const;
export type CollectionDay = (typeof COLLECTION_DAYS)[number];

// biome-ignore format: a list of names reads better packed
const TOWNS = [
  ['Atlixco', '244'], ['San Martín Texmelucan', '248'], ['Huamantla', '247'], ['Santa María del Tule', '951'],
  ['Tlacolula de Matamoros', '951'], ['Ocotlán de Morelos', '951'], ['Cholula', '222'], ['Tehuacán', '238'],
  ['Izúcar de Matamoros', '243'], ['Zacatlán', '797'], ['Teziutlán', '231'], ['Apizaco', '241'],
  ['Calpulalpan', '749'], ['Chiautempan', '246'], ['Zacatelco', '246'], ['Tlaxco', '241'],
  ['Acatzingo', '249'], ['Tepeaca', '223'], ['Huejotzingo', '227'], ['Libres', '276'],
  ['Miahuatlán', '951'], ['Zaachila', '951'], ['Etla', '951'], ['Ejutla', '951'],
] as const;

export interface MunicipalityDraft {
  name: string;
  collectionDay: CollectionDay;
  areaCode: string;
}

/** `count` towns; past the list, names repeat with a district number ('Atlixco 2'). */
export function draftMunicipalities(count: number): MunicipalityDraft[] {
  return Array.from({ length: count }, (_, i) => {
    const [town, areaCode] = TOWNS[i % TOWNS.length]!;
    const round = Math.floor(i / TOWNS.length);
    return {
      name: round === 0 ? town : `${town} ${round + 1}`,
      collectionDay: COLLECTION_DAYS[i % COLLECTION_DAYS.length]!,
      areaCode,
    };
  });
}

export interface BenchClientDraft {
  plan: PlanClient;
  nombre: string;
  telefono: string;
  coordinadora: boolean;
  empleado: boolean;
}

const GROUP_SIZE = 15;

/**
 * `count` clients dealt over the towns in turn (ids are filled in later). Within a town, clients form groups
 * of 15; the first of each group is its coordinadora; about 1 in 300 clients is also staff (empleado).
 */
export function draftClients(
  count: number,
  towns: readonly (MunicipalityDraft & { id: number })[],
  rng: Random,
): BenchClientDraft[] {
  const perTown = new Array<number>(towns.length).fill(0);
  return Array.from({ length: count }, (_, index) => {
    const t = index % towns.length;
    const town = towns[t]!;
    const j = perTown[t]!++;
    const coordinadora = j % GROUP_SIZE === 0;
    const empleado = rng.chance(1 / 300);
    return {
      nombre: fullName(rng, coordinadora || undefined),
      telefono: phone(rng, town.areaCode),
      coordinadora,
      empleado,
      plan: {
        id: 0,
        index,
        municipalityId: town.id,
        collectionDay: COLLECTION_DAYS.indexOf(town.collectionDay),
        grupo: Math.floor(j / GROUP_SIZE) + 1,
        type: clientTypeOf({ coordinadora, empleado }),
      },
    };
  });
}
