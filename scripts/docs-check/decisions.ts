// The decision log keeps its statuses true (decision 176): a decision file's `Status:` line and its row
// in docs/decisions/README.md say the same, and a decision that supersedes another (in its status or
// its text: "supersedes decision 34's …", "supersedes the part of decision 51 …", "… of 0125") is
// named on that one's `Status:` line ("partly superseded by 0151"), so a reader of the old decision
// learns that it no longer holds whole.

export const DECISIONS_FOLDER = 'docs/decisions';
export const DECISIONS_INDEX = `${DECISIONS_FOLDER}/README.md`;

export type Decision = { number: number; file: string; status: string | null; text: string };

/** A problem found, on the page and line it concerns. */
export type LogProblem = { page: string; line: number; problem: string };

/** A status as both places write it: links kept by their text, spaces folded. */
export function plainStatus(status: string): string {
  return status
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

export function decisionOf(file: string, text: string): Decision | null {
  const number = /(?:^|\/)(\d{4})-[^/]+\.md$/.exec(file)?.[1];
  if (!number) return null;
  const status = /^Status:\s*(.*)$/m.exec(text)?.[1];
  return { number: Number(number), file, status: status === undefined ? null : plainStatus(status), text };
}

/** The index's rows: the status column by decision number, with the row's line. */
export function indexRows(index: string): Map<number, { status: string; line: number }> {
  const rows = new Map<number, { status: string; line: number }>();
  for (const [i, row] of index.split('\n').entries()) {
    const cells = /^\|\s*(\d{4})\s*\|.*\|\s*([^|]*?)\s*\|\s*$/.exec(row);
    if (cells) rows.set(Number(cells[1]), { status: plainStatus(cells[2]!), line: i + 1 });
  }
  return rows;
}

/** The decisions a decision says it supersedes, whole or in part. */
export function supersededBy(decision: Decision): number[] {
  const found = new Set<number>();
  for (const match of decision.text.matchAll(/\bsupersedes\b/gi)) {
    const rest = decision.text.slice(match.index + match[0].length);
    const end = rest.search(/\.(\s|$)|\)\s*$|\n\s*\n/m);
    const sentence = end < 0 ? rest : rest.slice(0, end);
    for (const cited of sentence.matchAll(/\b(?:decision|of)\s+0*(\d{1,4})\b/g)) {
      const number = Number(cited[1]);
      if (number !== decision.number) found.add(number);
    }
  }
  return [...found].sort((a, b) => a - b);
}

export function decisionLogProblems(decisions: Decision[], index: string): LogProblem[] {
  const problems: LogProblem[] = [];
  const rows = indexRows(index);
  const byNumber = new Map(decisions.map((decision) => [decision.number, decision]));
  for (const decision of decisions) {
    const row = rows.get(decision.number);
    if (decision.status === null) {
      problems.push({ page: decision.file, line: 1, problem: 'no `Status:` line' });
    } else if (!row) {
      problems.push({ page: DECISIONS_INDEX, line: 1, problem: `no row for decision ${decision.number}` });
    } else if (row.status !== decision.status) {
      problems.push({
        page: DECISIONS_INDEX,
        line: row.line,
        problem: `the status of decision ${decision.number} is '${decision.status}' in its file, '${row.status}' here`,
      });
    }
    for (const older of supersededBy(decision)) {
      const superseded = byNumber.get(older);
      if (!superseded) continue;
      const named = new RegExp(`superseded by 0*${decision.number}\\b`).test(superseded.status ?? '');
      if (!named) {
        const line = superseded.text.split('\n').findIndex((text) => text.startsWith('Status:')) + 1;
        problems.push({
          page: superseded.file,
          line: line || 1,
          problem: `decision ${decision.number} supersedes it, which its Status line does not say`,
        });
      }
    }
  }
  return problems;
}
