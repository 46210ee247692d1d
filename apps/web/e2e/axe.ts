import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

/** The WCAG 2.2 AA rule sets (docs/accessibility.md); best practices are left to review. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

let axeSource: Promise<string> | undefined;

function loadAxe(): Promise<string> {
  const require = createRequire(import.meta.url);
  axeSource ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/** One serious or critical finding, as a person fixing it reads it: rule, element and why. */
export type AxeFinding = {
  screen: string;
  rule: string;
  impact: string;
  target: string;
  html: string;
  help: string;
};

/**
 * Runs axe-core over the page as it is now. The script goes in through the DevTools protocol, which the
 * portal's Content-Security-Policy does not cover, so the page is checked under its real policy.
 */
export async function axeFindings(page: Page, screen: string): Promise<AxeFinding[]> {
  const source = await loadAxe();
  await page.evaluate(source);
  const results = (await page.evaluate(
    (tags) =>
      (
        window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }
      ).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }),
    WCAG_TAGS,
  )) as AxeResults;
  return results.violations
    .filter((violation: Result) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) => ({
        screen,
        rule: violation.id,
        impact: violation.impact ?? '',
        target: node.target.join(' '),
        html: node.html.slice(0, 300),
        help: `${violation.help} (${violation.helpUrl})${node.failureSummary ? `\n    ${node.failureSummary.replace(/\n/g, '\n    ')}` : ''}`,
      })),
    );
}

/** The findings as a readable list, one block per element. */
export function describeFindings(findings: readonly AxeFinding[]): string {
  return findings
    .map(
      (finding) =>
        `[${finding.screen}] ${finding.rule} (${finding.impact}) ${finding.target}\n  ${finding.html}\n  ${finding.help}`,
    )
    .join('\n');
}

/**
 * Records every Content-Security-Policy violation the page reports from now on (a library that probes
 * `new Function` shows up here even when it swallows the error); read them with `cspViolations`.
 */
export async function watchCspViolations(page: Page): Promise<void> {
  await page.context().addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
}

export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}
