// docs/decisions/README.md is the index of the decision records: one row per record with its status and date, both
// sides of every amendment saying so, every unused number explained, and no record leaning on an issue's number.
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const DIR = resolve(import.meta.dirname, '../../docs/decisions');
const README = readFileSync(join(DIR, 'README.md'), 'utf8');

/** Lines a record must carry an "Amended by" / "Superseded by" line within. */
const TOP_LINES = 8;

const records = new Map(
  readdirSync(DIR)
    .filter((name) => /^\d{4}-.+\.md$/.test(name))
    .map((name) => [name.slice(0, 4), name] as const),
);
const textOf = (number: string) => readFileSync(join(DIR, records.get(number)!), 'utf8');

interface Row {
  number: string;
  file: string;
  status: string;
  date: string;
}

const ROW = /^\| \[(\d{4})\]\(([^)]+)\) \| .+? \| (.+?) \| (\d{4}-\d{2}-\d{2}) \|$/;
const tableLines = README.split('\n').filter((line) => line.startsWith('| ['));
const rows: Row[] = tableLines.flatMap((line) => {
  const m = ROW.exec(line);
  return m ? [{ number: m[1], file: m[2], status: m[3], date: m[4] }] : [];
});

/** "accepted", "accepted, amended by 0042, 0066" or "superseded by 0061": the records named. */
function parseStatus(status: string): { amendedBy: string[]; supersededBy: string[] } | null {
  const amended = /^accepted(?:, amended by (\d{4}(?:, \d{4})*))?$/.exec(status);
  if (amended) return { amendedBy: amended[1]?.split(', ') ?? [], supersededBy: [] };
  const superseded = /^superseded by (\d{4})$/.exec(status);
  if (superseded) return { amendedBy: [], supersededBy: [superseded[1]] };
  return null;
}

/** Numbers named after `word` in a text ("Amends 0040 and 0042", "amends 0037, which…"). */
function namedAfter(word: string, text: string): string[] {
  const pattern = new RegExp(`\\b${word}\\s+((?:\\d{4}(?:,\\s*|\\s+and\\s+)?)+)`, 'gi');
  return [...text.matchAll(pattern)].flatMap((m) => m[1].match(/\d{4}/g) ?? []);
}

const top = (number: string) => textOf(number).split('\n').slice(0, TOP_LINES).join('\n');

describe('docs/decisions/README.md', () => {
  it('has one well-formed row, with a status and the date it was first committed, per line of its table', () => {
    const malformed = tableLines.filter((line) => !ROW.test(line));
    expect(malformed).toEqual([]);
    const badDates = rows.filter((row) => Number.isNaN(Date.parse(row.date))).map((row) => row.number);
    expect(badDates).toEqual([]);
    const badStatus = rows.filter((row) => !parseStatus(row.status)).map((row) => `${row.number}: ${row.status}`);
    expect(badStatus).toEqual([]);
  });

  it('lists every record once, in order, and names only files that exist', () => {
    expect(rows.map((row) => row.number)).toEqual([...records.keys()].sort());
    const wrongFile = rows.filter((row) => records.get(row.number) !== row.file).map((row) => row.file);
    expect(wrongFile).toEqual([]);
  });

  it('explains every number up to the highest that has no record, and no number that has one', () => {
    const section = README.split(/^## Numbers without a record$/m)[1] ?? '';
    const explained = [...section.matchAll(/^- (\d{4}): \S.*$/gm)].map((m) => m[1]);
    const highest = Math.max(...[...records.keys()].map(Number));
    const missing = Array.from({ length: highest }, (_, i) => String(i + 1).padStart(4, '0')).filter(
      (number) => !records.has(number),
    );
    expect(explained).toEqual(missing);
  });

  it('marks an amended or superseded record near its top, and the later record says what it amends', () => {
    const problems: string[] = [];
    for (const row of rows) {
      const status = parseStatus(row.status);
      if (!status || !records.has(row.number)) continue;
      for (const [later, said, says] of [
        ...status.amendedBy.map((n) => [n, 'Amended by', 'Amends'] as const),
        ...status.supersededBy.map((n) => [n, 'Superseded by', 'Supersedes'] as const),
      ]) {
        if (!records.has(later)) problems.push(`${row.number}: ${later} has no record`);
        else if (!namedAfter(says, textOf(later)).includes(row.number))
          problems.push(`${later} does not say "${says} ${row.number}"`);
        if (!namedAfter(said, top(row.number)).includes(later))
          problems.push(`${row.number} does not say "${said} ${later}" in its first ${TOP_LINES} lines`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("gives every amendment a record states in the index's status", () => {
    const statusOf = new Map(rows.map((row) => [row.number, parseStatus(row.status)]));
    const problems: string[] = [];
    for (const number of records.keys()) {
      const text = textOf(number);
      for (const earlier of [...namedAfter('Amends', text), ...namedAfter('Supersedes', text)]) {
        const status = statusOf.get(earlier);
        if (!status?.amendedBy.includes(number) && !status?.supersededBy.includes(number))
          problems.push(`${number} amends ${earlier}, whose status does not name it`);
      }
      for (const later of [...namedAfter('Amended by', top(number)), ...namedAfter('Superseded by', top(number))]) {
        const status = statusOf.get(number);
        if (!status?.amendedBy.includes(later) && !status?.supersededBy.includes(later))
          problems.push(`${number} says it is changed by ${later}, its status does not`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the decision records', () => {
  it('say what was asked instead of citing an issue by its number', () => {
    const citations = [...records.keys()].flatMap((number) =>
      textOf(number)
        .split('\n')
        .flatMap((line, i) => (/\bissues?\s+#?\d+/i.test(line) ? [`${records.get(number)}:${i + 1}: ${line}`] : [])),
    );
    expect(citations).toEqual([]);
  });
});
