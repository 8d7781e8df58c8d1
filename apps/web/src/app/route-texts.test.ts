import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import * as textAreas from '../lib/text-areas';
import { AREAS, areaOfKey, DASHBOARD_AREAS, SHELL_AREAS, START_AREAS } from '../lib/text-areas';
import { shellTexts, textFiles } from '../lib/text-files-en';
import { TEXT_KEYS, TEXT_PARENTS } from '../locales/text-keys';

/**
 * Each page loads only the areas of texts it names in router.tsx (beside
 * the start areas, and the shell's under the shell). This reads the sources:
 * from each route's page it follows the imports (its feature, the components
 * and lib modules it uses; a `lazy` export only where it is imported) and
 * collects the keys written in them (`t('kpi.title')`, `i18nKey="…"`,
 * `` t(`epr.ratings.${r}`) ``, a key kept in a constant or a menu entry), and
 * checks each key's area is loaded with the page, and that the page names no
 * area it does not show.
 */

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');
/** packages/contracts/src: `@hr/contracts/<name>` is its `<name>.ts`. */
const CONTRACTS = resolve(SRC, '../../../packages/contracts/src');
const ROUTER = join(SRC, 'app', 'router.tsx');
const MAIN = join(SRC, 'main.tsx');

/** The area (file) of each top-level key of the English texts. */
const englishFiles = import.meta.glob<Record<string, unknown>>('../locales/en/*.json', {
  eager: true,
  import: 'default',
});
const areaOfTop = new Map<string, string>();
for (const [file, texts] of Object.entries(englishFiles)) {
  for (const top of Object.keys(texts)) areaOfTop.set(top, basename(file, '.json'));
}

/** A key, or the start of one built at run time (`` `epr.ratings.${r}` `` gives `epr.ratings.`). */
function isTextKey(text: string, head: boolean): boolean {
  if (!text.includes('.') || !areaOfTop.has(text.split('.', 1)[0]!)) return false;
  if (head) return [...TEXT_KEYS].some((key) => key.startsWith(text));
  return TEXT_KEYS.has(text) || TEXT_PARENTS.has(text);
}

interface Edge {
  spec: string;
  /** What is imported: export names, `*` for all of it. */
  names: readonly string[];
  dynamic: boolean;
  /** An exported `const X = lazy(() => import(…))` the module itself does not draw: followed only where X is imported. */
  lazyExport?: string;
}

interface Scan {
  keys: string[];
  edges: Edge[];
}

/** The text keys a source writes and the modules it imports (type-only imports aside). */
function scanSource(source: string, file = 'module.tsx'): Scan {
  // A contract's texts are its validation texts' keys: `defineMessages('leave.validation', …)`.
  const contract = file.startsWith(CONTRACTS);
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const keys: string[] = [];
  const edges: Edge[] = [];
  const uses = new Map<string, number>();
  // The names a module reads (`m.LedgerDrawer` and `{ LedgerDrawer: x }` name no variable).
  const count = (node: ts.Node): void => {
    const parent = node.parent as ts.Node | undefined;
    const member =
      parent &&
      ((ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isPropertyAssignment(parent) && parent.name === node));
    if (ts.isIdentifier(node) && !member) uses.set(node.text, (uses.get(node.text) ?? 0) + 1);
    ts.forEachChild(node, count);
  };
  count(sf);

  /** The exported top-level `const X = lazy(…)` whose value holds a node, if any. */
  const exportedLazy = (node: ts.Node): string | undefined => {
    let at: ts.Node = node;
    while (at.parent && !ts.isSourceFile(at.parent)) at = at.parent;
    if (!ts.isVariableStatement(at)) return undefined;
    if (!at.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return undefined;
    const declaration = at.declarationList.declarations.find(
      (d) => d.initializer && node.pos >= d.initializer.pos && node.end <= d.initializer.end,
    );
    const value = declaration?.initializer;
    const isLazy =
      value &&
      ts.isCallExpression(value) &&
      ts.isIdentifier(value.expression) &&
      value.expression.text === 'lazy';
    return isLazy && ts.isIdentifier(declaration.name) ? declaration.name.text : undefined;
  };

  const visit = (node: ts.Node): void => {
    if (ts.isTypeNode(node)) return;
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      if (clause?.isTypeOnly || !ts.isStringLiteral(node.moduleSpecifier)) return;
      const names: string[] = [];
      if (clause?.name) names.push('default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.push('*');
      if (bindings && ts.isNamedImports(bindings)) {
        for (const e of bindings.elements) if (!e.isTypeOnly) names.push((e.propertyName ?? e.name).text);
      }
      if (!clause || names.length > 0) edges.push({ spec: node.moduleSpecifier.text, names, dynamic: false });
      return;
    }
    if (ts.isExportDeclaration(node)) {
      if (node.isTypeOnly || !node.moduleSpecifier || !ts.isStringLiteral(node.moduleSpecifier)) return;
      const clause = node.exportClause;
      const names =
        clause && ts.isNamedExports(clause)
          ? clause.elements.filter((e) => !e.isTypeOnly).map((e) => (e.propertyName ?? e.name).text)
          : ['*'];
      if (names.length > 0) edges.push({ spec: node.moduleSpecifier.text, names, dynamic: false });
      return;
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [spec] = node.arguments;
      if (spec && ts.isStringLiteral(spec)) {
        const name = exportedLazy(node);
        // Drawn here too when its name is used beside its own declaration.
        const lazyExport = name && (uses.get(name) ?? 0) <= 1 ? name : undefined;
        edges.push({ spec: spec.text, names: ['*'], dynamic: true, ...(lazyExport ? { lazyExport } : {}) });
      }
      node.arguments.slice(1).forEach(visit);
      return;
    }
    if (contract) {
      const call = ts.isCallExpression(node) && node.expression.getText(sf) === 'defineMessages';
      const prefix = call ? node.arguments[0] : undefined;
      if (prefix && ts.isStringLiteral(prefix) && isTextKey(`${prefix.text}.`, true))
        keys.push(`${prefix.text}.`);
      ts.forEachChild(node, visit);
      return;
    }
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      isTextKey(node.text, false)
    ) {
      keys.push(node.text);
    }
    if (ts.isTemplateExpression(node) && isTextKey(node.head.text, true)) keys.push(node.head.text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { keys, edges };
}

const scans = new Map<string, Scan>();
function scanFile(file: string): Scan {
  let scan = scans.get(file);
  if (!scan) {
    scan = scanSource(readFileSync(file, 'utf8'), file);
    scans.set(file, scan);
  }
  return scan;
}

/** A relative import's or a contract's source file (.ts, .tsx, a folder's index); null for other packages, styles, JSON. */
function resolveImport(from: string, spec: string): string | null {
  const contract = /^@hr\/contracts\/(.+)$/.exec(spec);
  if (!spec.startsWith('.') && !contract) return null;
  const base = contract ? join(CONTRACTS, contract[1]!) : resolve(dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => /\.tsx?$/.test(c) && existsSync(c) && statSync(c).isFile()) ?? null;
}

/**
 * The areas of the keys written in a module and everything it imports,
 * each with where one of its keys is written; `stop` leaves out imports
 * (the routes' pages, from the start's graph).
 */
function areasOf(entry: string, stop: (from: string, edge: Edge) => boolean = () => false) {
  const asked = new Map<string, Set<string>>();
  const queue: [string, readonly string[]][] = [[entry, ['*']]];
  while (queue.length > 0) {
    const [file, names] = queue.pop()!;
    const first = !asked.has(file);
    const known = asked.get(file) ?? new Set<string>();
    asked.set(file, known);
    const fresh = names.filter((name) => !known.has(name));
    for (const name of fresh) known.add(name);
    for (const edge of scanFile(file).edges) {
      // Between contracts, only their catalogs of texts (`EPR_MESSAGES`): a schema or a constant
      // taken from another contract does not show the forms of that one's module.
      const catalog =
        !file.startsWith(CONTRACTS) || edge.names.some((name) => name === '*' || name.endsWith('_MESSAGES'));
      const wanted =
        catalog &&
        !stop(file, edge) &&
        (edge.lazyExport ? fresh.includes('*') || fresh.includes(edge.lazyExport) : first);
      const target = wanted ? resolveImport(file, edge.spec) : null;
      if (target) queue.push([target, edge.names]);
    }
  }
  const areas = new Map<string, string>();
  for (const file of asked.keys()) {
    for (const key of scanFile(file).keys) {
      const area = areaOfTop.get(key.split('.', 1)[0]!)!;
      if (!areas.has(area)) areas.set(area, `${relative(SRC, file)}: ${key}`);
    }
  }
  return areas;
}

interface RouteTexts {
  /** The page's module, as router.tsx imports it. */
  spec: string;
  file: string;
  areas: string[];
  underShell: boolean;
}

/** Each `withTexts([areas], () => import(page))` of router.tsx, and the imports of pages outside one. */
function routerTexts(source: string) {
  const sf = ts.createSourceFile(ROUTER, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const calls: { node: ts.CallExpression; spec: string; areas: string[] }[] = [];
  const bare: string[] = [];
  const importIn = (node: ts.Node): ts.CallExpression | undefined => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return node;
    return ts.forEachChild(node, importIn);
  };
  // A list of areas: written out, a constant of router.tsx or lib/text-areas.ts, spread into another.
  const constants = new Map<string, ts.Expression>();
  for (const statement of sf.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const d of statement.declarationList.declarations) {
      if (ts.isIdentifier(d.name) && d.initializer) constants.set(d.name.text, d.initializer);
    }
  }
  const areasFrom = (node: ts.Expression | undefined): string[] => {
    if (!node) return ['<none>'];
    if (ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return areasFrom(node.expression);
    if (ts.isArrayLiteralExpression(node)) {
      return node.elements.flatMap((e) => {
        if (ts.isStringLiteral(e)) return [e.text];
        if (ts.isSpreadElement(e)) return areasFrom(e.expression);
        return [`<${e.getText(sf)}>`];
      });
    }
    if (ts.isIdentifier(node)) {
      const local = constants.get(node.text);
      if (local) return areasFrom(local);
      const value = (textAreas as Record<string, unknown>)[node.text];
      if (Array.isArray(value)) return value as string[];
    }
    return [`<${node.getText(sf)}>`];
  };
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'withTexts'
    ) {
      const load = node.arguments[1];
      const page = load && importIn(load);
      if (page && ts.isStringLiteral(page.arguments[0]!)) {
        calls.push({ node, spec: page.arguments[0].text, areas: areasFrom(node.arguments[0]) });
        return;
      }
    }
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      bare.push(node.arguments[0]?.getText(sf) ?? '');
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  const shell = calls.find((c) => c.spec === './shell/AppLayout');
  // The shell's route: the object whose `lazy` is the shell's call; its pages are its `children`.
  let children: ts.Node | undefined;
  for (let at: ts.Node | undefined = shell?.node; at; at = at.parent) {
    if (ts.isObjectLiteralExpression(at)) {
      children = at.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText(sf) === 'children') as
        | ts.PropertyAssignment
        | undefined;
      break;
    }
  }
  const routes: RouteTexts[] = calls.map(({ node, spec, areas }) => ({
    spec,
    file: resolveImport(ROUTER, spec) ?? spec,
    areas,
    underShell: Boolean(children && node.pos >= children.pos && node.end <= children.end),
  }));
  return { routes, bare };
}

/** What each route may show: the start areas, the shell's under the shell, its own. */
function missingAreas(route: RouteTexts): string[] {
  const loaded = new Set<string>([...START_AREAS, ...route.areas, ...(route.underShell ? SHELL_AREAS : [])]);
  return [...areasOf(route.file)]
    .filter(([area]) => !loaded.has(area))
    .map(([area, at]) => `${area} (${at})`);
}

/** Areas a route names that its page does not show (or that come anyway, with the start or the shell). */
function extraAreas(route: RouteTexts): string[] {
  const shown = areasOf(route.file);
  const given = new Set<string>([...START_AREAS, ...(route.underShell ? SHELL_AREAS : [])]);
  return route.areas.filter((area) => !shown.has(area) || given.has(area));
}

const { routes, bare } = routerTexts(readFileSync(ROUTER, 'utf8'));

describe('texts by area', () => {
  test('the areas are the files of the English texts', () => {
    const files = Object.keys(englishFiles).map((file) => basename(file, '.json'));
    expect([...AREAS].sort()).toEqual(files.sort());
  });

  test("English's areas beyond the start ones: the shell's and the dashboard's with the shell, every other a file", () => {
    const own = Object.keys(shellTexts).sort();
    const files = Object.keys(textFiles).map((path) => basename(path, '.json'));
    expect(own).toEqual([...new Set([...SHELL_AREAS, ...DASHBOARD_AREAS])].sort());
    expect([...START_AREAS, ...own, ...files].sort()).toEqual([...AREAS].sort());
  });

  test("a key's area is found from its key (each area but the start ones holds one key, its name)", () => {
    const start = new Set<string>(START_AREAS);
    const wrong = [...areaOfTop].flatMap(([top, area]) => {
      const found = areaOfKey(`${top}.x`);
      // A start area's other keys must not name another area's file.
      const right = found === area || (start.has(area) && !(AREAS as readonly string[]).includes(found));
      return right ? [] : [`${top} in ${area}.json: ${found}`];
    });
    expect(wrong).toEqual([]);
  });

  test('the source scan finds the keys and imports it is meant to find', () => {
    const source = `
      import type { A } from './types';
      import { type B, c } from './c';
      import d from './d';
      export { e } from './e';
      export const Drawer = lazy(() => import('./Drawer'));
      const Chart = lazy(() => import('./Chart'));
      const kind = 'leave.columns.type' as 'kpi.title';
      export function X({ r }: { r: 1 | 2 }) {
        return (
          <div title={t('kpi.columns.name')}>
            <Chart />
            <Trans i18nKey="profile.fields.name" />
            {t(\`epr.ratings.\${r}\`)} {i18n.t('dashboard.allSheets')} {'not.a.key'} {'./kpi.json'}
          </div>
        );
      }`;
    const scan = scanSource(source);
    expect(scan.keys).toEqual([
      'leave.columns.type',
      'kpi.columns.name',
      'profile.fields.name',
      'epr.ratings.',
      'dashboard.allSheets',
    ]);
    expect(scan.edges).toEqual([
      { spec: './c', names: ['c'], dynamic: false },
      { spec: './d', names: ['default'], dynamic: false },
      { spec: './e', names: ['e'], dynamic: false },
      { spec: './Drawer', names: ['*'], dynamic: true, lazyExport: 'Drawer' },
      { spec: './Chart', names: ['*'], dynamic: true },
    ]);
  });

  test("every route's page is loaded with its texts", () => {
    expect(bare, 'pages router.tsx loads without withTexts(areas, …)').toEqual([]);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => r.underShell).length).toBeGreaterThan(40);
    const unknown = routes.flatMap((r) => r.areas.filter((a) => !(AREAS as readonly string[]).includes(a)));
    expect(unknown, 'areas router.tsx names that are no file of locales/en').toEqual([]);
  });

  test('the first page (sign-in) and the app around every page show only the start areas', () => {
    // The routes' pages come with their own texts: the start's graph ends at their imports.
    const areas = areasOf(MAIN, (from, edge) => from === ROUTER && edge.dynamic);
    const start = new Set<string>(START_AREAS);
    expect([...areas].filter(([area]) => !start.has(area)).map(([area, at]) => `${area} (${at})`)).toEqual(
      [],
    );
  });

  test.each(routes.map((r) => [r.spec, r] as const))(
    '%s: the areas it shows are loaded with it',
    (_, route) => {
      expect(missingAreas(route), `name these areas in its withTexts in router.tsx`).toEqual([]);
    },
  );

  test.each(routes.map((r) => [r.spec, r] as const))('%s: loads no area it does not show', (_, route) => {
    expect(extraAreas(route), 'areas its withTexts in router.tsx need not name').toEqual([]);
  });
});
