import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The import rules of biome.json (docs/architecture.md, Server code shape),
 * run by Biome itself on small trees laid out like apps/server/src/features
 * and apps/web/src: route files do not touch the database, services reach it
 * only through their repository, a feature reaches
 * another only through its index.ts (on both sides), and the web's
 * components/ and lib/ import no feature, and no module imports itself round
 * a circle.
 */

const root = path.resolve(import.meta.dirname, '../../../..');
const biome = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'biome.cmd' : 'biome');
const {
  $schema: _schema,
  vcs: _vcs,
  ...config
} = JSON.parse(fs.readFileSync(path.join(root, 'biome.json'), 'utf8'));
const folders: string[] = [];

afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** Lints a tree of files (paths from the repository root) with the portal's own Biome configuration. */
function lint(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-import-rules-'));
  folders.push(dir);
  fs.writeFileSync(path.join(dir, 'biome.json'), JSON.stringify({ ...config, root: true }));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const run = spawnSync(biome, ['lint', '--max-diagnostics=100', '--colors=off', 'apps'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const output = `${run.stdout}${run.stderr}`;
  /** `file:line` of every restricted import Biome reported. */
  const restricted = [...output.matchAll(/^(\S+?):(\d+):\d+ lint\/style\/noRestrictedImports/gm)].map(
    (m) => `${m[1]}:${m[2]}`,
  );
  return { status: run.status, output, restricted };
}

const F = 'apps/server/src/features';

/** The rest of a small feature, so that the files under test have something to import. */
const neighbours = {
  [`${F}/deps.ts`]: 'export interface FeatureDeps {\n  secret: string;\n}\n',
  [`${F}/stock/index.ts`]: "export { stockRoutes } from './stock.routes';\n",
  [`${F}/stock/stock.routes.ts`]: 'export async function stockRoutes() {}\n',
  [`${F}/stock/stock.repository.ts`]: 'export const stockRepository = {};\n',
  'apps/server/src/lib/list.ts': 'export const listAnswer = 1;\n',
  'apps/server/src/db/schema/index.ts': 'export const shops = 1;\n',
  'apps/server/src/db/client.ts': 'export type Db = object;\n',
};

describe('biome.json import rules', () => {
  it('a route file may not import drizzle-orm or the database schema or client', () => {
    const result = lint({
      ...neighbours,
      [`${F}/shop/shop.routes.ts`]: [
        "import { eq } from 'drizzle-orm';",
        "import { alias } from 'drizzle-orm/pg-core';",
        "import type { Db } from '../../db/client';",
        "import { shops } from '../../db/schema';",
        '',
        'export const bad = [eq, alias, shops];',
        'export type Handle = Db;',
        '',
      ].join('\n'),
    });
    expect(result.status, result.output).not.toBe(0);
    expect(result.restricted.sort()).toEqual(
      [1, 2, 3, 4].map((line) => `${F}/shop/shop.routes.ts:${line}`).sort(),
    );
    expect(result.output).toContain('Routes parse, call one service method and answer');
  });

  it('a service may not import drizzle-orm or the database schema, and keeps the feature rule', () => {
    const result = lint({
      ...neighbours,
      [`${F}/shop/shop.service.ts`]: [
        "import { eq } from 'drizzle-orm';",
        "import type { PgTable } from 'drizzle-orm/pg-core';",
        "import { shops } from '../../db/schema';",
        "import type { Shop } from '../../db/schema/shops';",
        "import type { Db } from '../../db/client';",
        "import { stockRepository } from '../stock/stock.repository';",
        "import { shopRepository } from './shop.repository';",
        '',
        'export const bad = [eq, shops, stockRepository, shopRepository];',
        'export type Types = [PgTable, Shop, Db];',
        '',
      ].join('\n'),
      // The repository beside it may: that is where the queries live.
      [`${F}/shop/shop.repository.ts`]: [
        "import { eq } from 'drizzle-orm';",
        "import { shops } from '../../db/schema';",
        '',
        'export const shopRepository = [eq, shops];',
        '',
      ].join('\n'),
      'apps/server/src/db/schema/shops.ts': 'export type Shop = { id: number };\n',
    });
    expect(result.status, result.output).not.toBe(0);
    expect(result.restricted.sort()).toEqual(
      [1, 2, 3, 4, 6].map((line) => `${F}/shop/shop.service.ts:${line}`).sort(),
    );
    expect(result.output).toContain('Services take plain inputs and call their repository');
    expect(result.output).toContain("only through that feature's index.ts");
  });

  it("a feature may not import another feature's internals, from any of its files", () => {
    const result = lint({
      ...neighbours,
      [`${F}/shop/shop.service.ts`]:
        "import { stockRepository } from '../stock/stock.repository';\n\nexport const bad = stockRepository;\n",
      [`${F}/shop/shop.routes.ts`]:
        "import { stockRoutes } from '../../features/stock/stock.routes';\n\nexport const bad = stockRoutes;\n",
    });
    expect(result.status, result.output).not.toBe(0);
    expect(result.restricted.sort()).toEqual([`${F}/shop/shop.routes.ts:1`, `${F}/shop/shop.service.ts:1`]);
    expect(result.output).toContain("only through that feature's index.ts");
  });

  it('passes a feature that keeps to the rules', () => {
    const result = lint({
      ...neighbours,
      [`${F}/shop/shop.routes.ts`]: [
        "import { listAnswer } from '../../lib/list';",
        "import type { FeatureDeps } from '../deps';",
        "import { stockRoutes } from '../stock';",
        "import { shopService } from './shop.service';",
        '',
        'export const routes = [listAnswer, stockRoutes, shopService];',
        'export type Deps = FeatureDeps;',
        '',
      ].join('\n'),
      // The service passes the database handle to its repository; other features through their index.
      [`${F}/shop/shop.service.ts`]: [
        "import type { Db } from '../../db/client';",
        "import { stockRoutes } from '../stock/index';",
        "import { shopRepository } from './shop.repository';",
        '',
        'export const shopService = [shopRepository, stockRoutes];',
        'export type Handle = Db;',
        '',
      ].join('\n'),
      // The repository reaches the database.
      [`${F}/shop/shop.repository.ts`]: [
        "import { eq } from 'drizzle-orm';",
        "import type { Db } from '../../db/client';",
        "import { shops } from '../../db/schema';",
        '',
        'export const shopRepository = [eq, shops];',
        'export type Handle = Db;',
        '',
      ].join('\n'),
    });
    expect(result.restricted).toEqual([]);
    expect(result.status, result.output).toBe(0);
  });
});

const W = 'apps/web/src';

/** A small web app: two features with an index each, shared components and lib. */
const webNeighbours = {
  [`${W}/features/stock/index.ts`]: "export { useStock } from './api';\n",
  [`${W}/features/stock/api.ts`]: 'export const useStock = () => 1;\n',
  [`${W}/features/stock/components/StockCard.tsx`]: 'export const StockCard = () => null;\n',
  [`${W}/components/Card.tsx`]: 'export const Card = () => null;\n',
  [`${W}/lib/me.ts`]: 'export const useMe = () => 1;\n',
};

describe('biome.json import rules of the web app', () => {
  it("a feature may not import another feature's internals, from a file at its root or in a folder", () => {
    const result = lint({
      ...webNeighbours,
      [`${W}/features/shop/api.ts`]:
        "import { useStock } from '../stock/api';\n\nexport const bad = useStock;\n",
      [`${W}/features/shop/pages/ShopPage.tsx`]: [
        "import { StockCard } from '../../stock/components/StockCard';",
        "import { useStock } from '../../stock/api';",
        '',
        'export const bad = [StockCard, useStock];',
        '',
      ].join('\n'),
    });
    expect(result.status, result.output).not.toBe(0);
    expect(result.restricted.sort()).toEqual(
      [
        `${W}/features/shop/api.ts:1`,
        `${W}/features/shop/pages/ShopPage.tsx:1`,
        `${W}/features/shop/pages/ShopPage.tsx:2`,
      ].sort(),
    );
    expect(result.output).toContain("A web feature imports another only through that feature's index.ts");
  });

  it('components/ and lib/ import no feature', () => {
    const result = lint({
      ...webNeighbours,
      [`${W}/components/ShopBadge.tsx`]:
        "import { useStock } from '../features/stock';\n\nexport const bad = useStock;\n",
      [`${W}/lib/shop.ts`]:
        "import { useStock } from '../features/stock/api';\n\nexport const bad = useStock;\n",
    });
    expect(result.status, result.output).not.toBe(0);
    expect(result.restricted.sort()).toEqual([`${W}/components/ShopBadge.tsx:1`, `${W}/lib/shop.ts:1`]);
    expect(result.output).toContain('components/ and lib/ serve every feature and import none of them');
  });

  it('no module imports itself round a circle, on either side', () => {
    const result = lint({
      ...webNeighbours,
      [`${W}/lib/format.ts`]: "import { language } from './i18n';\n\nexport const format = () => language;\n",
      [`${W}/lib/i18n.ts`]: "import { format } from './format';\n\nexport const language = format;\n",
      [`${W}/features/shop/index.ts`]: "export { shopKeys } from './keys';\n",
      [`${W}/features/shop/keys.ts`]:
        "import { stockKeys } from '../stock';\n\nexport const shopKeys = [stockKeys];\n",
      [`${W}/features/stock/index.ts`]:
        "import { shopKeys } from '../shop';\n\nexport const stockKeys = [shopKeys];\nexport const useStock = 1;\n",
    });
    expect(result.status, result.output).not.toBe(0);
    const cycles = [...result.output.matchAll(/^(\S+?):(\d+):\d+ lint\/suspicious\/noImportCycles/gm)].map(
      (m) => `${m[1]}:${m[2]}`,
    );
    expect(cycles.sort()).toEqual(
      [
        `${W}/features/shop/index.ts:1`,
        `${W}/features/shop/keys.ts:1`,
        `${W}/features/stock/index.ts:1`,
        `${W}/lib/format.ts:1`,
        `${W}/lib/i18n.ts:1`,
      ].sort(),
    );
  });

  it('passes features that keep to the rules', () => {
    const result = lint({
      ...webNeighbours,
      [`${W}/features/shop/api.ts`]: [
        "import { useMe } from '../../lib/me';",
        "import { useStock } from '../stock';",
        '',
        'export const useShop = () => [useMe, useStock];',
        '',
      ].join('\n'),
      [`${W}/features/shop/pages/ShopPage.tsx`]: [
        "import { Card } from '../../../components/Card';",
        "import { useMe } from '../../../lib/me';",
        "import { useStock } from '../../stock/index';",
        "import { useShop } from '../api';",
        '',
        'export const page = [Card, useMe, useStock, useShop];',
        '',
      ].join('\n'),
      [`${W}/components/ShopCard.tsx`]: [
        "import { useMe } from '../lib/me';",
        "import { Card } from './Card';",
        '',
        'export const ShopCard = [Card, useMe];',
        '',
      ].join('\n'),
    });
    expect(result.restricted).toEqual([]);
    expect(result.status, result.output).toBe(0);
  });
});
