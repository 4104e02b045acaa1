// Demo people: unique Mexican names, local 10-digit phones, groups with their coordinadora.
import { clientTypeOf } from '../../shared/loans/terms';
import { type DemoAccount, MEN_NAMES, SURNAMES, WOMEN_NAMES } from './demo-data';
import type { PlanClient } from './demo-loans';
import type { Random } from './random';

/** Index = weekdayIndex (0 = lunes). */
const COLLECTION_DAYS = ['LUNES', 'MARTES', 'MIERCOLES', 'JUEVES', 'VIERNES'] as const;

export const fullName = (rng: Random, woman = rng.chance(0.85)) =>
  `${rng.pick(woman ? WOMEN_NAMES : MEN_NAMES)} ${rng.pick(SURNAMES)} ${rng.pick(SURNAMES)}`;

export const phone = (rng: Random, areaCode: string) => `${areaCode}${rng.int(1_000_000, 9_999_999)}`;

export interface ClientDraft {
  /** `plan.id` is filled in once the client is inserted. */
  plan: PlanClient;
  nombre: string;
  telefono: string;
  coordinadora: boolean;
  empleado: boolean;
}

/** The account's clients, town by town: groups 1..n, the first client of each group is its coordinadora. */
export function draftClients(
  spec: DemoAccount,
  rng: Random,
  municipalityId: Map<string, number>,
): ClientDraft[] {
  const names = new Set<string>();
  const drafts: ClientDraft[] = [];
  for (const m of spec.municipalities) {
    for (let j = 0; j < m.clients; j++) {
      const coordinadora = j < m.groups;
      let nombre = fullName(rng, coordinadora || undefined);
      while (names.has(nombre)) nombre = fullName(rng, coordinadora || undefined);
      names.add(nombre);
      const index = drafts.length;
      const empleado = spec.empleados.includes(index);
      drafts.push({
        nombre,
        telefono: phone(rng, m.areaCode),
        coordinadora,
        empleado,
        plan: {
          id: 0,
          index,
          municipalityId: municipalityId.get(m.name)!,
          collectionDay: COLLECTION_DAYS.indexOf(m.collectionDay),
          grupo: (j % m.groups) + 1,
          type: clientTypeOf({ coordinadora, empleado }),
        },
      });
    }
  }
  return drafts;
}
