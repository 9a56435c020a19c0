/**
 * Every user-facing message is written once (issue 15 item 5): a text the user reads lives in
 * packages/domain (src/messages/, or the *_MESSAGES of its area's API file) and server and web
 * import it, so a reworded SPEC.md text changes in one place and the server's answer and the
 * web's toast cannot drift apart.
 *
 * The check reads the sources of apps/server/src, apps/web/src and packages/domain/src (test files
 * excluded: they assert what the user sees, as do the e2e specs) and fails when a text of
 * user-facing length (12 characters or more, with a space) is typed in two files. It reads string
 * literals, template literals (`${...}` counts as one placeholder) and JSX text, and skips what is
 * not shown to a user: imports, tagged templates (SQL), class names and other technical JSX
 * attributes, log calls, OpenAPI summaries and descriptions, and header-like values.
 *
 * A deliberate repetition goes in ALLOWED with its reason; an entry that no longer repeats fails
 * too, so the list only holds what is true.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SOURCE_DIRS = ['apps/server/src', 'apps/web/src', 'packages/domain/src'];

/** Texts that may be typed in more than one file, each with why. */
const ALLOWED: Record<string, string> = {
  'First Steps in the Aero Runner':
    'demo content, not a message: a seeded campaign title that demo-campaigns.ts looks up by title',
  'My Morning Ritual':
    'demo content, not a message: a seeded campaign title that demo-campaigns.ts looks up by title',
  'Refill, Not Landfill':
    'demo content, not a message: a seeded campaign title that demo-campaigns.ts looks up by title',
};

/** JSX attributes that hold no text a user reads. */
const TECHNICAL_ATTRIBUTE =
  /^(className|class|d|viewBox|href|to|id|htmlFor|type|name|autoComplete|inputMode|pattern|accept|rel|target|role|method|src|srcSet|sizes|data-[\w-]+|key)$/;
/** Object keys whose values document the API for developers (OpenAPI), not for users. */
const DEVELOPER_KEY = /^(summary|description|tags|operationId)$/;
const LOG_CALL = /(^|\.)(log|logger|console)\.(trace|debug|info|warn|error|fatal|log)$/;
const CLASS_CALL = /^(cn|clsx|cva)$/;

export interface SourceFile {
  path: string;
  text: string;
}

export interface Occurrence {
  path: string;
  line: number;
}

/** The text as compared: whitespace collapsed; undefined when it is not of user-facing shape. */
export function userFacingText(raw: string): string | undefined {
  const text = raw.replace(/\s+/g, ' ').trim();
  if (text.length < 12 || !text.includes(' ') || !/[A-Za-z]{2}/.test(text)) return undefined;
  // Header values, CSS, query strings, MIME types: "text/html; charset=utf-8", "max-age=…".
  if (/[=;]/.test(text) || /^[\w.+-]+\/[\w.+-]+/.test(text)) return undefined;
  return text;
}

function attributeName(node: ts.JsxAttribute): string {
  return node.name.getText();
}

function propertyName(node: ts.PropertyAssignment): string {
  return ts.isIdentifier(node.name) || ts.isStringLiteral(node.name) ? node.name.text : '';
}

/** Every user-facing text of one source file, with the line of its first occurrence. */
export function textsOf(file: SourceFile): Map<string, number> {
  const source = ts.createSourceFile(
    file.path,
    file.text,
    ts.ScriptTarget.Latest,
    true,
    file.path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const isServer = file.path.startsWith('apps/server/');
  const found = new Map<string, number>();
  const add = (raw: string, node: ts.Node) => {
    const text = userFacingText(raw);
    if (text === undefined || found.has(text)) return;
    found.set(text, source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isTaggedTemplateExpression(node)) return;
    if (ts.isJsxAttribute(node) && TECHNICAL_ATTRIBUTE.test(attributeName(node))) return;
    if (ts.isPropertyAssignment(node) && isServer && DEVELOPER_KEY.test(propertyName(node))) return;
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(source);
      if (LOG_CALL.test(callee) || CLASS_CALL.test(callee)) return;
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node.text, node);
    else if (ts.isTemplateExpression(node)) {
      add(
        node.head.text + node.templateSpans.map((span) => `\${}${span.literal.text}`).join(''),
        node,
      );
    } else if (ts.isJsxText(node)) add(node.text, node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The texts typed in more than one file, each with where. */
export function duplicates(files: SourceFile[]): Map<string, Occurrence[]> {
  const all = new Map<string, Occurrence[]>();
  for (const file of files) {
    for (const [text, line] of textsOf(file)) {
      const list = all.get(text) ?? [];
      list.push({ path: file.path, line });
      all.set(text, list);
    }
  }
  return new Map([...all].filter(([, where]) => where.length > 1));
}

function sourceFiles(): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name)) {
        files.push({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') });
      }
    }
  };
  for (const dir of SOURCE_DIRS) walk(join(ROOT, dir));
  return files;
}

function report(found: Map<string, Occurrence[]>): string[] {
  return [...found].map(
    ([text, where]) =>
      `${JSON.stringify(text)} in ${where.map((at) => `${at.path}:${at.line}`).join(', ')}`,
  );
}

describe('every user-facing message is written once', () => {
  const found = duplicates(sourceFiles());

  it('no text a user reads is typed in two source files (move it to packages/domain and import it)', () => {
    const unexplained = new Map([...found].filter(([text]) => !(text in ALLOWED)));
    expect(report(unexplained)).toEqual([]);
  });

  it('every allowed repetition still repeats (the allow-list holds only what is true)', () => {
    expect(Object.keys(ALLOWED).filter((text) => !found.has(text))).toEqual([]);
  });

  it('finds a message typed in two files, in string, template and JSX form, and skips what no user reads', () => {
    const files: SourceFile[] = [
      {
        path: 'apps/server/src/modules/a/a.service.ts',
        text: [
          "import { x } from 'Some module name here';",
          "export const a = 'Enter the 6-digit code from your app';",
          // biome-ignore lint/suspicious/noTemplateCurlyInString: source text of a template literal, on purpose
          'export const b = (n: number) => `At least ${n} characters`;',
          "app.log.warn('Something went wrong here');",
          "const route = { summary: 'Generate invite codes' };",
          "const type = 'text/html; charset=utf-8';",
          "const short = 'Too short';",
        ].join('\n'),
      },
      {
        path: 'apps/web/src/features/a/form.tsx',
        text: [
          "import { x } from 'Some module name here';",
          'export const A = () => (',
          '  <p className="text-sm text-muted-foreground">',
          '    Enter the 6-digit code',
          '    from your app',
          '  </p>',
          ');',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: source text of a template literal, on purpose
          'export const b = (min: number) => `At least ${min} characters`;',
          "console.warn('Something went wrong here');",
          'export const c = <h2>Generate invite codes</h2>;',
          "const type = 'text/html; charset=utf-8';",
          "const short = 'Too short';",
          "const also = <p className='text-sm text-muted-foreground'>x</p>;",
        ].join('\n'),
      },
    ];
    expect(report(duplicates(files))).toEqual([
      '"Enter the 6-digit code from your app" in apps/server/src/modules/a/a.service.ts:2, apps/web/src/features/a/form.tsx:4',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: how the check writes a placeholder
      '"At least ${} characters" in apps/server/src/modules/a/a.service.ts:3, apps/web/src/features/a/form.tsx:8',
    ]);
  });
});
