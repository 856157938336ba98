/**
 * A long report (the statement, /budgets, /limits, the digest) described
 * once, as data, so that it can go out as a rich message where Telegram
 * shows one (tables, expandable blocks: rich-message.ts) and as today's
 * plain text everywhere else (reportPlainText). Every string here is shown
 * as it is, never parsed as markup: names and notes typed by people
 * (Persian or Latin, with < & * or anything else) cannot change the layout.
 */
export type ReportPart = ReportHeading | ReportLines | ReportTable | ReportDetails;

/** The report's title: a heading in a rich message, its first line in plain text. */
export interface ReportHeading {
  kind: 'heading';
  text: string;
}

/** Lines shown alike in both forms: a paragraph each in a rich message (an empty line only separates, in plain text). */
export interface ReportLines {
  kind: 'lines';
  lines: readonly string[];
}

/** Where a column's cells sit: at the start of the reading direction (names) or at its end (amounts). */
export type ColumnAlign = 'start' | 'end';

/**
 * A table in a rich message. In plain text its rows are told by `plain`,
 * the lines the report has always had (one per row, or none), so the plain
 * text stays word for word what it was.
 */
export interface ReportTable {
  kind: 'table';
  header: readonly string[];
  rows: readonly (readonly string[])[];
  /** One per column; 'start' where absent. */
  align?: readonly ColumnAlign[];
  plain: readonly string[];
}

/**
 * An expandable block: the summary always shown, the parts under it on a
 * tap (open at first when `open`). In plain text: the summary line, then
 * the parts' lines.
 */
export interface ReportDetails {
  kind: 'details';
  summary: string;
  parts: readonly ReportPart[];
  open?: boolean;
}

export interface Report {
  parts: readonly ReportPart[];
  /** Laid out right to left (a Persian reader's). */
  rtl: boolean;
  /** The plain text where it is not simply the parts' lines (the digest's, cut under one message as it always was). */
  plainText?: string;
}

/** The report's lines as plain text shows them, in order. */
export function plainLines(parts: readonly ReportPart[]): string[] {
  return parts.flatMap((part): readonly string[] => {
    switch (part.kind) {
      case 'heading':
        return [part.text];
      case 'lines':
        return part.lines;
      case 'table':
        return part.plain;
      case 'details':
        return [part.summary, ...plainLines(part.parts)];
    }
  });
}

/** The report as one plain text, line by line: what every report was before rich messages (split at 4,096 where sent). */
export function reportPlainText(report: Report): string {
  return report.plainText ?? plainLines(report.parts).join('\n');
}

/** Lines without the ones left out (null), as the plain texts have always been built. */
export function lines(...kept: readonly (string | null | undefined)[]): ReportLines {
  return { kind: 'lines', lines: kept.filter((line): line is string => line !== null && line !== undefined) };
}
