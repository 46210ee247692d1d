// The citations of a Markdown page: its code spans and its link targets, fenced blocks left out (they
// hold commands, trees and output rather than claims about one file or name).

/** One thing a page cites: the text of a code span or the target of a link, where it stands. */
export type Citation = {
  kind: 'code' | 'link';
  text: string;
  line: number;
  /** Offsets in the page of the span's opening backtick and past its closing one. */
  start: number;
  end: number;
};

export function citationsOf(markdown: string): Citation[] {
  const text = withoutFences(markdown);
  const lineAt = lineCounter(text);
  const citations: Citation[] = [];
  // The page with its code spans blanked, so links are looked for only outside them.
  let outside = '';
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('`', at);
    if (open < 0) break;
    const run = backtickRun(text, open);
    const close = closingRun(text, open + run, run);
    outside += text.slice(at, open);
    if (close < 0) {
      // A backtick run that nothing closes is literal text.
      outside += text.slice(open, open + run);
      at = open + run;
      continue;
    }
    const content = text
      .slice(open + run, close)
      .replace(/\n/g, ' ')
      .trim();
    const end = close + run;
    if (content) citations.push({ kind: 'code', text: content, line: lineAt(open), start: open, end });
    outside += text.slice(open, end).replace(/[^\n]/g, ' ');
    at = end;
  }
  outside += text.slice(at);
  const links = [
    ...outside.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g),
    // Reference definitions: `[name]: target`.
    ...outside.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/gm),
  ];
  for (const match of links) {
    const start = match.index;
    citations.push({
      kind: 'link',
      text: match[1]!,
      line: lineAt(start),
      start,
      end: start + match[0].length,
    });
  }
  return citations.sort((a, b) => a.start - b.start);
}

/** The page with every line of a fenced block blanked to spaces: offsets and lines stay the page's. */
function withoutFences(markdown: string): string {
  let fence: string | null = null;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      const inFence = fence !== null || marker !== undefined;
      if (fence !== null && marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      else if (fence === null && marker) fence = marker;
      return inFence ? ' '.repeat(line.length) : line;
    })
    .join('\n');
}

function backtickRun(text: string, at: number): number {
  let end = at;
  while (text[end] === '`') end += 1;
  return end - at;
}

/** Where the run of `length` backticks closing a span starts, within its paragraph; -1 if none. */
function closingRun(text: string, from: number, length: number): number {
  const paragraphEnd = text.slice(from).search(/\n\s*\n/);
  const limit = paragraphEnd < 0 ? text.length : from + paragraphEnd;
  let at = from;
  while (at < limit) {
    const next = text.indexOf('`', at);
    if (next < 0 || next >= limit) return -1;
    const run = backtickRun(text, next);
    if (run === length) return next;
    at = next + run;
  }
  return -1;
}

function lineCounter(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = 0; i < text.length; i += 1) if (text[i] === '\n') starts.push(i + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}
