import type { Client } from '../../../shared/clients/types';

export interface ClientStats {
  total: number;
  coordinadoras: number;
  /** Distinct municipalities the clients live in. */
  municipios: number;
  /** Neither coordinadora nor employee: the clients on the regular loan terms (docs/producto.md §9). */
  regulares: number;
}

export function clientStats(clients: readonly Client[]): ClientStats {
  return {
    total: clients.length,
    coordinadoras: clients.filter((c) => c.coordinadora).length,
    municipios: new Set(clients.map((c) => c.municipality_id)).size,
    regulares: clients.filter((c) => !c.coordinadora && !c.empleado).length,
  };
}

/** Lower case without accents, so 'jose' finds 'José'. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** The client-side name search of the list. */
export function filterClientsByName(clients: readonly Client[], search: string): readonly Client[] {
  const wanted = fold(search);
  return wanted ? clients.filter((c) => fold(c.nombre).includes(wanted)) : clients;
}
