import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { ScryptCost } from '../config';

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  opts: object,
) => Promise<Buffer>;

/** OWASP's scrypt parameters: every new hash uses them, and a login raises an older hash to them. */
export const PASSWORD_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

/**
 * The cost every hash had before the production cost rose to N=2^17 (decision 016). Only the demo seed and
 * tests hash with it, asked for by name: their users sign in quickly, and a login with the production cost
 * raises them like any older hash.
 */
export const QUICK_PASSWORD_COST: ScryptCost = { N: 2 ** 14, r: 8, p: 1 };

const KEY_LENGTH = 32;

/**
 * scrypt needs 128·N·r bytes (128 MiB at 2^17), above Node's default cap of 32 MiB: the cap is twice that.
 * Stored parameters are bounded first, so an odd row cannot ask for gigabytes.
 */
const maxmemOf = ({ N, r }: ScryptCost) => 256 * N * r;
const inBounds = ({ N, r, p }: ScryptCost) =>
  Number.isInteger(Math.log2(N)) &&
  N >= 2 ** 10 &&
  N <= 2 ** 20 &&
  Number.isInteger(r) &&
  r >= 1 &&
  r <= 32 &&
  Number.isInteger(p) &&
  p >= 1 &&
  p <= 16;

interface Parsed {
  cost: ScryptCost;
  salt: Buffer;
  hash: Buffer;
}

/** `scrypt$N$r$p$salt$hash` (base64): each hash carries its parameters, so raising them breaks none. */
function parse(stored: string): Parsed | null {
  const [kind, n, r, p, salt, hash, ...rest] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash || rest.length > 0) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (!inBounds(cost)) return null;
  return { cost, salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') };
}

export async function hashPassword(password: string, cost: ScryptCost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, { ...cost, maxmem: maxmemOf(cost) });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** False for a wrong password and for a hash it cannot read: a login never answers 500 for a stored value. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed || parsed.hash.length === 0) return false;
  try {
    const actual = await scrypt(password, parsed.salt, parsed.hash.length, {
      ...parsed.cost,
      maxmem: maxmemOf(parsed.cost),
    });
    return timingSafeEqual(actual, parsed.hash);
  } catch {
    return false;
  }
}

/** A readable hash weaker than `target` in any parameter; never lowers a stronger one. */
export function needsRehash(stored: string, target: ScryptCost = PASSWORD_COST): boolean {
  const cost = parse(stored)?.cost;
  return cost !== undefined && (cost.N < target.N || cost.r < target.r || cost.p < target.p);
}

/** A hash to compare against when the email is unknown, at the cost real hashes have, so both take as long. */
const dummyHashes = new Map<string, Promise<string>>();
export const timingDummyHash = (cost: ScryptCost = PASSWORD_COST) => {
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword('sin-usuario', cost);
    dummyHashes.set(key, hash);
  }
  return hash;
};
