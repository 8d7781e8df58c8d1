import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';
import { TEXT_KEYS } from './text-keys';

/**
 * Every text a screen shows comes from the locale files. This parses the
 * web app's sources (every .tsx and .ts under src but tests and locales)
 * and lists each text written into them instead: JSX text with letters,
 * string values of the props and object properties a user reads or hears
 * (title, label, placeholder, aria-label, ...), values put into a
 * translated text (`t('key', { name: 'x' })`, `<Trans values>`), strings
 * handed to the toast, message, notification and modal APIs, and errors a
 * form rule throws. A text through `t('key')` is a call, never a literal,
 * so it passes; so does a literal naming a key of the English locale, which
 * the code translates where it shows it (the menu's labels). Text inside
 * `<code>`, `<pre>`, `<kbd>` and `<samp>` is code (a request to copy), not
 * language.
 */

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Texts with letters that are not words of a language; each with its reason. */
const ALLOWED: Record<string, string> = {
  '01XXXXXXXXX':
    'the form of a mobile number (SPEC.md §5: 11 digits starting with 01), the same in every language',
};

/** Elements whose content is code, shown as it is typed. */
const CODE_ELEMENTS = new Set(['code', 'pre', 'kbd', 'samp']);
/** Options of `t()` that are not shown: the language, namespace, context. */
const T_OPTIONS = new Set(['lng', 'lngs', 'ns', 'context', 'keyPrefix', 'postProcess', 'fallbackLng']);

/** Props (JSX attributes) and object properties whose string value is shown or read out. */
const VISIBLE = new Set([
  'title',
  'label',
  'placeholder',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'alt',
  'tooltip',
  'okText',
  'cancelText',
  'description',
  'message',
  'content',
  'emptyText',
  'addonBefore',
  'addonAfter',
  'prefix',
  'suffix',
  'extra',
  'help',
  'subTitle',
  'header',
  'footer',
  'text',
  'tab',
  'checkedChildren',
  'unCheckedChildren',
  'children',
  'caption',
  'summary',
  'unit',
]);

/** Calls that put their string argument (or object) on screen. */
const SHOWING_CALLS = new Set([
  'toastSuccess',
  'toastError',
  'toastInfo',
  'toastWarning',
  'confirmDialog',
  'alert',
  'confirm',
  'prompt',
]);
/** Methods that show their argument, by receiver: `message.success(...)`, `Modal.confirm(...)`. */
const POPUPS = ['success', 'error', 'info', 'warning', 'warn', 'open', 'loading', 'confirm'];
const SHOWING_METHODS: Record<string, readonly string[]> = {
  message: POPUPS,
  notification: POPUPS,
  Modal: POPUPS,
  modal: POPUPS,
  window: ['alert', 'confirm', 'prompt'],
};

const LETTER = /\p{L}/u;

export type Hit = { file: string; line: number; text: string; where: string };

/** The app's sources: .tsx and .ts files, without tests, type declarations and the locale folder. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path !== join(SRC, 'locales')) out.push(...sourceFiles(path));
    } else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) out.push(path);
  }
  return out.sort();
}

function propName(name: ts.PropertyName | ts.JsxAttributeName): string | null {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isJsxNamespacedName(name)) return `${name.namespace.text}:${name.name.text}`;
  return null;
}

/** The hard-coded texts of one component source. */
export function hardcodedTexts(source: string, file = 'component.tsx'): Hit[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const hits: Hit[] = [];
  const report = (node: ts.Node, text: string, where: string) => {
    const trimmed = text.replace(/\s+/g, ' ').trim();
    if (!LETTER.test(trimmed) || Object.hasOwn(ALLOWED, trimmed) || TEXT_KEYS.has(trimmed)) return;
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    hits.push({ file, line, text: trimmed, where });
  };

  /** The literal texts an expression evaluates to, through conditionals, `??`, `||`, `+` and templates. */
  const shown = (expr: ts.Expression | undefined, where: string) => {
    if (!expr) return;
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) report(expr, expr.text, where);
    else if (ts.isTemplateExpression(expr)) {
      report(expr, [expr.head.text, ...expr.templateSpans.map((s) => s.literal.text)].join(' '), where);
      for (const span of expr.templateSpans) shown(span.expression, where);
    } else if (
      ts.isParenthesizedExpression(expr) ||
      ts.isAsExpression(expr) ||
      ts.isSatisfiesExpression(expr)
    )
      shown(expr.expression, where);
    else if (ts.isConditionalExpression(expr)) {
      shown(expr.whenTrue, where);
      shown(expr.whenFalse, where);
    } else if (ts.isBinaryExpression(expr)) {
      const op = expr.operatorToken.kind;
      if (op === ts.SyntaxKind.PlusToken || op === ts.SyntaxKind.QuestionQuestionToken) {
        shown(expr.left, where);
        shown(expr.right, where);
      } else if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.AmpersandAmpersandToken) {
        shown(expr.right, where);
      }
    }
  };

  /** The values an object literal puts into a translated text. */
  const values = (expr: ts.Expression | undefined, where: string) => {
    if (!expr || !ts.isObjectLiteralExpression(expr)) return;
    for (const prop of expr.properties) {
      if (!ts.isPropertyAssignment(prop)) continue;
      const name = propName(prop.name);
      if (name && T_OPTIONS.has(name)) continue;
      if (ts.isObjectLiteralExpression(prop.initializer)) values(prop.initializer, where);
      else shown(prop.initializer, `${where} ${name}`);
    }
  };

  const tagName = (node: ts.JsxElement) => node.openingElement.tagName.getText(sf);
  /** A `validator` (of a form rule) the node is written in. */
  const inValidator = (node: ts.Node): boolean => {
    for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
      if ((ts.isPropertyAssignment(n) || ts.isMethodDeclaration(n)) && propName(n.name) === 'validator')
        return true;
    }
    return false;
  };

  const visit = (node: ts.Node) => {
    if (ts.isJsxElement(node) && CODE_ELEMENTS.has(tagName(node))) return;
    if (ts.isJsxText(node)) report(node, node.text, 'JSX text');
    else if (
      ts.isJsxExpression(node) &&
      node.parent &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    )
      shown(node.expression, 'JSX child');
    else if (ts.isJsxAttribute(node)) {
      const name = propName(node.name);
      if (name && VISIBLE.has(name) && node.initializer) {
        if (ts.isStringLiteral(node.initializer)) report(node.initializer, node.initializer.text, `${name}=`);
        else if (ts.isJsxExpression(node.initializer)) shown(node.initializer.expression, `${name}=`);
      }
      if (name === 'values' && node.initializer && ts.isJsxExpression(node.initializer))
        values(node.initializer.expression, 'Trans values');
    } else if (ts.isPropertyAssignment(node)) {
      const name = propName(node.name);
      if (name && VISIBLE.has(name)) shown(node.initializer, `${name}:`);
    } else if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const callee = node.expression;
      let showing = false;
      const calleeName = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : '';
      if (ts.isCallExpression(node) && calleeName === 't') values(node.arguments[1], 't()');
      if (ts.isIdentifier(callee))
        showing =
          SHOWING_CALLS.has(callee.text) ||
          (ts.isNewExpression(node) && callee.text === 'Error' && inValidator(node));
      else if (ts.isPropertyAccessExpression(callee)) {
        const receiver = callee.expression;
        const receiverName = ts.isIdentifier(receiver)
          ? receiver.text
          : ts.isPropertyAccessExpression(receiver)
            ? receiver.name.text
            : '';
        showing = SHOWING_METHODS[receiverName]?.includes(callee.name.text) ?? false;
      }
      if (showing) for (const arg of node.arguments ?? []) shown(arg, 'call');
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return hits;
}

describe('hard-coded text', () => {
  test('finds the texts it is meant to find', () => {
    const source = `
      const columns = [{ title: 'Name', dataIndex: 'name' }, { title: 'leave.columns.type' }];
      const rule = { validator: async () => { throw new Error('Too short'); } };
      function use() { if (!ok) throw new Error('used outside its provider'); }
      export function X({ n }: { n: number }) {
        message.success('Saved');
        toastError(\`Failed \${n}\`);
        return (
          <Card title="Details" extra={n > 1 ? 'Many' : t('x.one')}>
            Hello {n} · {'World'}
            <Input placeholder={t('x.placeholder')} aria-label="Search" className="wide" />
            <img alt={t('x.alt')} src="/a.png" />
            <span>{t('x.ok', { name: 'Someone', lng: 'en', count: n })} — 12 / 3</span>
            <Trans i18nKey="x.y" values={{ who: 'Nobody', when: formatDate(d) }} />
            <code>POST /api/punches</code>
          </Card>
        );
      }`;
    expect(hardcodedTexts(source).map((h) => h.text)).toEqual([
      'Name',
      'Too short',
      'Saved',
      'Failed',
      'Details',
      'Many',
      'Hello',
      'World',
      'Search',
      'Someone',
      'Nobody',
    ]);
  });

  test('no component writes a text outside the locale files', () => {
    const hits = sourceFiles(SRC).flatMap((path) =>
      hardcodedTexts(readFileSync(path, 'utf8'), relative(SRC, path)),
    );
    expect(
      hits.map((h) => `${h.file}:${h.line} ${h.where} "${h.text}"`),
      'Move these texts to apps/web/src/locales (all six languages) and show them with t()',
    ).toEqual([]);
  }, 60_000);
});
