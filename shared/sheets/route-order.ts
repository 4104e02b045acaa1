// The order of a sheet's route: the printed file and the collector's phone walk the loans the same way.

/** The fields that place a loan on the route, as the sheet loan stores them. */
export interface RouteKey {
  grupo: number;
  client_nombre: string;
  loan_reference: string;
}

const collator = new Intl.Collator('es', { sensitivity: 'base' });

/** Group, then client name (accents and case aside, ñ after n), then loan reference. */
export const compareRoute = (a: RouteKey, b: RouteKey): number =>
  a.grupo - b.grupo ||
  collator.compare(a.client_nombre, b.client_nombre) ||
  collator.compare(a.loan_reference, b.loan_reference);
