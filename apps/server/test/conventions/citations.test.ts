/**
 * Citations in the code lead somewhere a reader can follow, inside the repository. A comment or a
 * string that says where a rule comes from points to docs/product.md §N (what the product does),
 * to a decision record in docs/decisions/ (why it is built so), or to docs/architecture.md or
 * docs/operations.md; never to the product brief or design notes kept outside the repository, and
 * never to an issue number, which nobody outside the tracker can look up.
 *
 * The check reads every .ts, .tsx, .mjs and .cjs file that git tracks under apps/, packages/, e2e/
 * and bench/, plus docs/*.mjs and the root's config files (node_modules and dist left out). In
 * comments and string literals it fails on:
 * - a citation of the brief or the design notes by their old file names (OUTSIDE below);
 * - an issue number: "issue 12", "issues 3", and "#12" in a comment (not "UTS #39", an HTML
 *   entity or a colour);
 * - "docs/product.md §N" where product.md has no section N (every § of the clause that follows the
 *   file name is checked: "docs/product.md §2 Feed, §9");
 * - "decision NNN" (or "decisions 005, 025 and 038") and "docs/decisions/NNN-name.md" where no such
 *   record exists.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Folders whose comments still cite the old documents and issue numbers: they are being
 * restructured on branches and get the same rewrite once those merge. This list goes (empty it,
 * then delete it) once apps/server and apps/web are rewritten; an entry that has nothing left to
 * rewrite fails the third test below, so the list only shrinks.
 */
const NOT_YET_REWRITTEN = ['apps/server/', 'apps/web/'];

/** Where the check looks: these folders, docs/*.mjs and the files at the root. */
const SCANNED = /^(?:(?:apps|packages|e2e|bench)\/.*|docs\/[^/]+\.mjs|[^/]+)\.(?:ts|tsx|mjs|cjs)$/;
const SKIPPED = /(?:^|\/)(?:node_modules|dist)\//;

/** The old documents outside the repository, by the names the code used to cite them by. */
const OUTSIDE = new RegExp(
  [
    ...['SPEC', 'DESIGN'].map((name) => String.raw`\b${name}\.md\b`),
    String.raw`/work/shared\b`,
  ].join('|'),
  'g',
);
const ISSUE = /\bissues?[\s*/]+#?\d+/gi;
/** "#12" in a comment; not a standard's number ("UTS #39"), an HTML entity or a colour. */
const HASH_NUMBER = /(?<![\w&:#]|UTS |TR )#\d+\b/g;
const PRODUCT = /docs\/product\.md/g;
/** The clause after "docs/product.md" whose § numbers are its sections: up to ; ) . or another citation. */
const PRODUCT_CLAUSE = /^[^;)]*?(?=[;)]|\.(?:\s|$)|docs\/|\bdecisions?\b|$)/;
const DECISION = /\bdecisions?(?!\/)(?:\s+records?)?((?:[\s*/]*(?:,|and|&|or)?[\s*/]*\d{3}\b)+)/gi;
const RECORD_PATH = /docs\/decisions\/(\d{3})(-[\w.-]*[\w])?/g;

export interface SourceFile {
  path: string;
  text: string;
}

/** What citations may name: product.md's section numbers and the decision records' file names. */
export interface Known {
  sections: ReadonlySet<number>;
  records: readonly string[];
}

export interface Offender {
  path: string;
  line: number;
  why: string;
}

interface Piece {
  start: number;
  text: string;
  comment: boolean;
}

function scriptKind(path: string): ts.ScriptKind {
  if (path.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (/\.[mc]?js$/.test(path)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** Every comment and string literal of a file, each with where it starts. */
function piecesOf(source: ts.SourceFile): Piece[] {
  const text = source.text;
  const pieces: Piece[] = [];
  const seen = new Set<number>();
  const addComment = (pos: number, end: number) => {
    if (seen.has(pos)) return;
    seen.add(pos);
    pieces.push({ start: pos, text: text.slice(pos, end), comment: true });
  };
  const visit = (node: ts.Node): void => {
    if (node.kind !== ts.SyntaxKind.JsxText) {
      ts.forEachLeadingCommentRange(text, node.getFullStart(), addComment);
      ts.forEachTrailingCommentRange(text, node.getEnd(), addComment);
    }
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      pieces.push({ start: node.getStart(source), text: node.getText(source), comment: false });
    }
    // getChildren, not forEachChild: tokens carry comments too (the `}` of `{/* … */}` in JSX).
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return pieces;
}

/** The citations of one file that lead outside the repository or to nothing. */
export function citationsIn(file: SourceFile, known: Known): Offender[] {
  const source = ts.createSourceFile(
    file.path,
    file.text,
    ts.ScriptTarget.Latest,
    true,
    scriptKind(file.path),
  );
  const found: Offender[] = [];
  const add = (piece: Piece, index: number, why: string) => {
    const line = source.getLineAndCharacterOfPosition(piece.start + index).line + 1;
    found.push({ path: file.path, line, why });
  };
  for (const piece of piecesOf(source)) {
    const { text } = piece;
    for (const outside of text.matchAll(OUTSIDE)) {
      add(piece, outside.index, `cites ${outside[0]}, which is not in the repository`);
    }
    for (const issue of text.matchAll(ISSUE)) {
      add(piece, issue.index, `cites an issue number ("${issue[0].replace(/[\s*/]+/g, ' ')}")`);
    }
    for (const hash of piece.comment ? text.matchAll(HASH_NUMBER) : []) {
      add(piece, hash.index, `cites an issue number ("${hash[0]}")`);
    }
    for (const product of text.matchAll(PRODUCT)) {
      const after = text.slice(product.index + product[0].length);
      const clause = PRODUCT_CLAUSE.exec(after)?.[0] ?? '';
      for (const section of clause.matchAll(/§\s*(\d+)/g)) {
        if (!known.sections.has(Number(section[1]))) {
          add(piece, product.index, `docs/product.md has no §${section[1]}`);
        }
      }
    }
    for (const decision of text.matchAll(DECISION)) {
      for (const number of (decision[1] ?? '').matchAll(/\d{3}/g)) {
        if (!known.records.some((record) => record.startsWith(`${number[0]}-`))) {
          add(piece, decision.index, `there is no decision record ${number[0]}`);
        }
      }
    }
    for (const path of text.matchAll(RECORD_PATH)) {
      const [, number, rest = ''] = path;
      const name = `${number}${rest}`;
      const exists = name.endsWith('.md')
        ? known.records.includes(name)
        : known.records.some((record) => record.startsWith(name));
      if (!exists) add(piece, path.index, `there is no decision record docs/decisions/${name}`);
    }
  }
  // One line per citation, in the order of the file.
  return found.sort((a, b) => a.line - b.line);
}

function knownHere(): Known {
  const product = readFileSync(join(ROOT, 'docs/product.md'), 'utf8');
  const sections = new Set([...product.matchAll(/^## (\d+)\./gm)].map((m) => Number(m[1])));
  const records = readdirSync(join(ROOT, 'docs/decisions')).filter((name) =>
    /^\d{3}-.+\.md$/.test(name),
  );
  return { sections, records };
}

/** The files git tracks (or, without git, those on disk) that the check reads. */
function scannedPaths(): string[] {
  let paths: string[];
  try {
    paths = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0')
      .filter(Boolean);
  } catch {
    paths = readdirSync(ROOT, { recursive: true, encoding: 'utf8' })
      .map((path) => relative(ROOT, join(ROOT, path)))
      .filter((path) => !path.startsWith('.git/'));
  }
  return paths.filter((path) => SCANNED.test(path) && !SKIPPED.test(path)).sort();
}

function report(offenders: Offender[]): string {
  const shown = offenders.slice(0, 50).map((o) => `  ${o.path}:${o.line}: ${o.why}`);
  const more = offenders.length > shown.length ? [`  … and ${offenders.length - 50} more`] : [];
  return [`${offenders.length} citation(s) to fix:`, ...shown, ...more].join('\n');
}

describe('citations in the code stay inside the repository', () => {
  const known = knownHere();
  const all = scannedPaths().flatMap((path) =>
    citationsIn({ path, text: readFileSync(join(ROOT, path), 'utf8') }, known),
  );
  const pending = (o: Offender) => NOT_YET_REWRITTEN.some((folder) => o.path.startsWith(folder));
  const offenders = all.filter((o) => !pending(o));

  it('no comment or string cites a document outside the repository or an issue number', () => {
    const outside = offenders.filter((o) => !/^(docs\/product\.md has|there is no)/.test(o.why));
    expect(outside.length, report(outside)).toBe(0);
  });

  it('every docs/product.md §N names a section, every decision an existing record', () => {
    const broken = offenders.filter((o) => /^(docs\/product\.md has|there is no)/.test(o.why));
    expect(broken.length, report(broken)).toBe(0);
  });

  it('every folder not yet rewritten still has citations to rewrite (the list only shrinks)', () => {
    const done = NOT_YET_REWRITTEN.filter((folder) => !all.some((o) => o.path.startsWith(folder)));
    expect(done, 'remove these from NOT_YET_REWRITTEN: they pass now').toEqual([]);
  });

  it('finds citations in comments, JSX comments and strings, and passes what leads somewhere', () => {
    // Built from parts, so that this file does not cite what it forbids.
    const brief = ['SPEC', 'md'].join('.');
    const notes = ['DESIGN', 'md'].join('.');
    const issue = 'issue';
    const product = ['docs/product', 'md'].join('.');
    const fixture: SourceFile = {
      path: 'apps/web/src/a.tsx',
      text: [
        `/** Roles (${brief} §6) and the gate (${product} §5). */`,
        `// Caps on streams (${issue} 25 item 3, decision 038); see #12.`,
        `export const a = <p>{/* ${notes} §3 */}Hello</p>;`,
        `it('refuses a look-alike (${issue}s 8)', () => {});`,
        `/** UTS #39 skeletons; ${product} §2 Feed, §99; decisions 005, 025 and 998. */`,
        "const colour = '#666'; // &#39; in HTML",
        `/** docs/decisions/039-look-alike-usernames.md, docs/decisions/039-nope.md, docs/decisions/022. */`,
        `/** ${product} §10. */`,
      ].join('\n'),
    };
    const fakeKnown: Known = {
      sections: new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]),
      records: [
        '005-x.md',
        '022-account-ownership.md',
        '025-y.md',
        '038-z.md',
        '039-look-alike-usernames.md',
      ],
    };
    expect(citationsIn(fixture, fakeKnown).map((o) => `${o.line}: ${o.why}`)).toEqual([
      `1: cites ${brief}, which is not in the repository`,
      `2: cites an issue number ("${issue} 25")`,
      '2: cites an issue number ("#12")',
      `3: cites ${notes}, which is not in the repository`,
      `4: cites an issue number ("${issue}s 8")`,
      '5: docs/product.md has no §99',
      '5: there is no decision record 998',
      '7: there is no decision record docs/decisions/039-nope.md',
    ]);
  });
});
