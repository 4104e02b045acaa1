// docs/producto.md §2 / §9 client search of the new-loan form: up to 5 suggestions once 2 characters are typed, found in
// the device store so they appear at once, offline too.
import { phoneDigits } from '../../../shared/clients/schemas';

export const MIN_QUERY_CHARS = 2;
export const MAX_SUGGESTIONS = 5;

export interface SearchableClient {
  id: number;
  nombre: string;
  telefono: string;
  coordinadora: boolean;
  empleado: boolean;
  municipality_id: number;
}

export interface ClientSuggestion extends SearchableClient {
  municipalityName: string;
}

/** Lower case without accents or repeated spaces: 'JOSÉ  núñez' and 'jose nunez' compare equal. */
export const foldText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** Whether the typed text is long enough to search (2 characters, spaces not counted). */
export const canSearch = (query: string): boolean =>
  foldText(query).replace(/ /g, '').length >= MIN_QUERY_CHARS;

const byName = new Intl.Collator('es-MX', { sensitivity: 'base' });

/**
 * The clients whose name holds every typed word (in any order: 'lopez maria' finds 'María López'), or whose
 * phone holds the typed digits. Names that start with the text come first, then by name; at most 5.
 */
export function suggestClients(
  clients: readonly SearchableClient[],
  municipalityNames: ReadonlyMap<number, string>,
  query: string,
  max: number = MAX_SUGGESTIONS,
): ClientSuggestion[] {
  if (!canSearch(query)) return [];
  const folded = foldText(query);
  const words = folded.split(' ');
  const digits = /^[\d\s()+-]+$/.test(query.trim()) ? phoneDigits(query) : '';
  const found: { client: SearchableClient; starts: boolean }[] = [];
  for (const client of clients) {
    const name = foldText(client.nombre);
    const byWords = words.every((word) => name.includes(word));
    const byPhone = digits.length >= MIN_QUERY_CHARS && phoneDigits(client.telefono).includes(digits);
    if (byWords || byPhone) found.push({ client, starts: name.startsWith(folded) });
  }
  found.sort(
    (a, b) => Number(b.starts) - Number(a.starts) || byName.compare(a.client.nombre, b.client.nombre),
  );
  return found.slice(0, max).map(({ client }) => ({
    ...client,
    municipalityName: municipalityNames.get(client.municipality_id) ?? 'N/A',
  }));
}

/**
 * Registered clients with the name typed for a new one (ignoring accents, case and spaces): the clerk may
 * be about to register the same person twice. At most `max`.
 */
export function namesakes(
  clients: readonly SearchableClient[],
  municipalityNames: ReadonlyMap<number, string>,
  nombre: string,
  max = 3,
): ClientSuggestion[] {
  const folded = foldText(nombre);
  if (!canSearch(folded)) return [];
  return clients
    .filter((client) => foldText(client.nombre) === folded)
    .slice(0, max)
    .map((client) => ({
      ...client,
      municipalityName: municipalityNames.get(client.municipality_id) ?? 'N/A',
    }));
}
