// Money is integer centavos in code; pesos appear only at the edges (JSON numbers, numeric(14,2) strings, display).
export type Cents = number & { readonly __brand: 'Cents' };

export const cents = (value: number): Cents => Math.round(value) as Cents;

/** Parses pesos given as a number or a numeric string ("1234.5", "1,234.50") into centavos; null when not a number. */
export function toCents(pesos: number | string | null | undefined): Cents | null {
  if (pesos === null || pesos === undefined) return null;
  if (typeof pesos === 'number') {
    if (!Number.isFinite(pesos)) return null;
    // Through the shortest decimal text, so 1.005 rounds like '1.005' (1.005 * 100 is 100.4999… in binary).
    const shortest = String(pesos);
    return /e/i.test(shortest) ? cents(pesos * 100) : toCents(shortest);
  }
  const text = pesos.trim().replace(/[$,\s]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const frac3 = `${fraction}000`.slice(0, 3);
  let value = Number(whole) * 100 + Number(frac3.slice(0, 2));
  if (Number(frac3[2]) >= 5) value += 1;
  return cents(negative ? -value : value);
}

/** Centavos as a number of pesos with two decimals, for JSON. */
export const toPesos = (value: Cents): number => Math.round(value) / 100;

/** Centavos as the text Postgres numeric(14,2) accepts. */
/**
 * A Postgres numeric(14,2) as text, in pesos (a JSON number with two decimals). Postgres writes it with exactly
 * two decimals, and then Number() gives the same double as centavos ÷ 100 (both are the nearest to the decimal
 * value) without the string work, which was a tenth of a sync page's encoding; anything else goes through
 * toCents.
 */
const TWO_DECIMALS = /^-?\d{1,12}\.\d{2}$/;
export const pesos = (numeric: string): number =>
  TWO_DECIMALS.test(numeric) ? Number(numeric) + 0 : toPesos(toCents(numeric)!);

export function toNumericText(value: Cents): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(Math.round(value));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const sumCents = (values: readonly Cents[]): Cents => cents(values.reduce((a, b) => a + b, 0));

const mxn = new Intl.NumberFormat('es-MX', {
  style: 'currency',
  currency: 'MXN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** docs/producto.md §5: currency shows '$0.00' for empty or non-numeric values. Takes pesos (number or numeric text). */
export function formatMoney(pesos: number | string | null | undefined): string {
  if (pesos === null || pesos === undefined || pesos === '') return '$0.00';
  const value = typeof pesos === 'number' ? pesos : Number(String(pesos).replace(/[$,\s]/g, ''));
  if (!Number.isFinite(value)) return '$0.00';
  return mxn.format(value);
}

export const formatCents = (value: Cents | null | undefined): string =>
  value === null || value === undefined ? '$0.00' : formatMoney(toPesos(value));
