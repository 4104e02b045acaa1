// The theme ships only the recipes of the Chakra components the app uses (client/ui/theme-recipes.ts). A
// component without its recipe would render unstyled, so this finds, in Chakra's own build, the recipe keys of
// every component that client/ imports (and of the components those are built from) and checks each is there.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { defaultSystem } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { system } from '../../../client/ui/theme';

const root = join(import.meta.dirname, '../../..');
const chakraDir = join(root, 'node_modules/@chakra-ui/react/dist/esm');
const chartsDir = join(root, 'node_modules/@chakra-ui/charts/dist/esm');

const NAMED_IMPORT = /import\s*\{([^}]+)\}\s*from\s*['"]@chakra-ui\/react['"]/g;
const RECIPE_KEY = /\bkey: "([A-Za-z]+)"/g;
const SIBLING_COMPONENT = /from '\.\.\/([a-z-]+)\//g;

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => pattern.test(f))
    .map((f) => join(dir, f));
}

/** Names imported from '@chakra-ui/react' in the given files. */
function importedNames(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files)
    for (const [, list] of readFileSync(file, 'utf8').matchAll(NAMED_IMPORT))
      for (const part of list!.split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0];
        if (name) names.add(name);
      }
  return names;
}

/** Chakra's index: exported name → the components/<dir> that defines it. */
function componentDirs(): Map<string, string> {
  const index = readFileSync(join(chakraDir, 'index.js'), 'utf8');
  const namespaces = new Map(
    [...index.matchAll(/import \* as (\S+) from '([^']+)'/g)].map((m) => [m[1], m[2]]),
  );
  const dirs = new Map<string, string>();
  for (const [, list, from] of index.matchAll(/export \{([^}]+)\}(?: from '([^']+)')?/g))
    for (const part of list!.split(',')) {
      const [local, alias] = part.trim().split(/\s+as\s+/);
      const file = from ?? namespaces.get(local!);
      if (file?.startsWith('./components/')) dirs.set(alias ?? local!, dirname(resolve(chakraDir, file)));
    }
  return dirs;
}

/** Recipe keys a component directory asks the system for, following the components it is built from. */
function recipeKeys(start: string[]): Set<string> {
  const keys = new Set<string>();
  const seen = new Set<string>();
  const pending = [...start];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    if (seen.has(dir)) continue;
    seen.add(dir);
    for (const file of filesUnder(dir, /\.js$/)) {
      const code = readFileSync(file, 'utf8');
      for (const [, key] of code.matchAll(RECIPE_KEY)) keys.add(key!);
      for (const [, sibling] of code.matchAll(SIBLING_COMPONENT)) pending.push(join(dir, '..', sibling!));
    }
  }
  return keys;
}

describe('recetas de Chakra en el tema', () => {
  it('cada componente de Chakra que usa client/ tiene su receta', () => {
    const used = importedNames([
      ...filesUnder(join(root, 'client'), /\.tsx?$/),
      ...filesUnder(chartsDir, /\.js$/),
    ]);
    const dirs = componentDirs();
    const keys = recipeKeys([...used].flatMap((name) => dirs.get(name) ?? []));
    expect(keys.size).toBeGreaterThan(10);
    // Some keys have no recipe in Chakra's default theme either ('text'): only those it styles count.
    const missing = [...keys].filter((key) => defaultSystem.hasRecipe(key) && !system.hasRecipe(key));
    expect(missing, 'añádalas en client/ui/theme-recipes.ts').toEqual([]);
  });
});
