import fs from 'node:fs';
import path from 'node:path';
import { ORDER_ITEM_STATUSES, ORDER_STATUSES } from '@mandira/contract/order-machines';
import { SHIPMENT_STATUSES } from '@mandira/contract/shipment-machine';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const MACHINE_STATUSES = new Set<string>([...ORDER_STATUSES, ...ORDER_ITEM_STATUSES, ...SHIPMENT_STATUSES]);
const SOURCE = path.resolve(new URL('.', import.meta.url).pathname, '..');

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** The text a `sql` template or a `sql.raw('…')` writes itself, without what its `${…}` put in. */
function writtenSql(node: ts.Node): string[] {
  if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === 'sql') {
    const template = node.template;
    return ts.isNoSubstitutionTemplateLiteral(template)
      ? [template.text]
      : [template.head.text, ...template.templateSpans.map((span) => span.literal.text)];
  }
  if (ts.isCallExpression(node) && node.expression.getText() === 'sql.raw') {
    const [argument] = node.arguments;
    if (argument && (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument))) {
      return [argument.text];
    }
    if (argument && ts.isTemplateExpression(argument)) {
      return [argument.head.text, ...argument.templateSpans.map((span) => span.literal.text)];
    }
  }
  return [];
}

// The server's queries take their statuses from the contract: a set through `statusIn`/`statusList`
// (db/status-sql.ts), one status as a parameter typed against the machine (`${'LOADING' satisfies
// OrderItemStatus}`), never a quoted status in the SQL text (decision 178).
describe('the status lists of the server queries', () => {
  it('are the contract sets, never statuses quoted in the SQL text', () => {
    const written: string[] = [];
    for (const file of sourceFiles(SOURCE)) {
      const text = fs.readFileSync(file, 'utf8');
      if (!text.includes('sql')) continue;
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        for (const part of writtenSql(node)) {
          for (const [, literal] of part.matchAll(/'((?:[^']|'')*)'/g)) {
            const statuses = literal?.split(/[^A-Z_]+/).filter((word) => MACHINE_STATUSES.has(word)) ?? [];
            if (statuses.length > 0) {
              const { line } = source.getLineAndCharacterOfPosition(node.getStart());
              written.push(`${path.relative(SOURCE, file)}:${line + 1} ${statuses.join(', ')}`);
            }
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(written).toEqual([]);
  });
});
