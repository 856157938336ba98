import { fieldProblemText } from '../orders/field-problem-text.js';
import { clip } from '../text/clip.js';
import { formatId, formatNumber } from '../text/format.js';
import type { Locale, Translate } from '../text/i18n.js';
import { SAFE_MESSAGE_LENGTH } from '../text/split-message.js';
import type { BatchFileRefusal } from './batch-file.js';
import type { BatchProblem } from './batch-problems.js';

/** Longest cell or column name quoted back, in characters: enough to recognise it, never a whole pasted paragraph. */
const QUOTED = 60;

/** Why a whole file was refused, in the reader's language. */
export function batchRefusalText(refusal: BatchFileRefusal, t: Translate, locale: Locale): string {
  switch (refusal.reason) {
    case 'not-csv':
      return t(`batch-file-not-csv-${refusal.detail.looksLike}`, { line: formatNumber(refusal.detail.line ?? 1, locale) });
    case 'empty':
      return t('batch-file-empty');
    case 'too-many-rows':
      return t('batch-file-too-many-rows', { max: formatNumber(refusal.detail.maxRows, locale) });
    case 'not-utf8':
      return t(refusal.detail.encoding === 'utf-16' ? 'batch-file-not-utf8-utf16' : 'batch-file-not-utf8');
    case 'duplicate-column':
      return t('batch-file-duplicate-column', { column: clip(refusal.detail.column, QUOTED) });
  }
}

/**
 * The problems of `/batch <product> <quantity>` as one message: the command
 * has no rows or columns to point at, and no file to fix. A product taken
 * off the list is said to be unavailable as such.
 */
export function batchCommandProblemsText(problems: readonly BatchProblem[], product: string, t: Translate, locale: Locale): string {
  if (problems.some((problem) => problem.rule === 'not-orderable')) return t('batch-quantity-not-orderable', { product: clip(product, QUOTED) });
  return problems.map((problem) => t('batch-quantity-problem', { text: problemText(problem, t, locale) })).join('\n');
}

/** One problem as a line: where it is, then what is wrong. */
export function batchProblemLine(problem: BatchProblem, t: Translate, locale: Locale): string {
  const text = problemText(problem, t, locale);
  const row = formatId(problem.row, locale);
  return problem.column === '' ? t('batch-problem-at-row', { row, text }) : t('batch-problem-at', { row, column: clip(problem.column, QUOTED), text });
}

function problemText(problem: BatchProblem, t: Translate, locale: Locale): string {
  const list = (items: readonly string[]) => items.join(locale === 'fa' ? '، ' : ', ');
  switch (problem.rule) {
    case 'unknown-product':
    case 'product-unavailable':
    case 'not-orderable':
    case 'unknown-cost-centre':
    case 'retired-cost-centre':
    case 'bad-quantity':
    case 'stray-value':
      return t(`batch-problem-${problem.rule}`, { value: clip(problem.value, QUOTED) });
    case 'ambiguous-title':
      return t('batch-problem-ambiguous-title', { value: clip(problem.value, QUOTED), candidates: list(problem.candidates.map((id) => formatId(id, locale))) });
    case 'wrong-region':
      return t('batch-problem-wrong-region', { value: clip(problem.value, QUOTED), regions: list(problem.regions.map((r) => clip(r, QUOTED))) });
    case 'quantity-above-stock':
      return t('batch-problem-quantity-above-stock', { stock: formatNumber(problem.stock, locale), asked: formatNumber(problem.asked, locale) });
    case 'invalid-answer':
      return t('batch-problem-invalid-answer', { value: clip(problem.value, QUOTED), reason: fieldProblemText(problem.problem, t) });
    case 'missing-column':
    case 'missing-value':
    case 'unknown-column':
    case 'duplicate-column':
      return t(`batch-problem-${problem.rule}`);
  }
}

/**
 * The problems of a file as one chat message: a title, as many problems as
 * fit under `maxLength` (Telegram's limit with room to spare), "… and N
 * more" for the rest, and what to do. Problems come in the file's order, so
 * the first rows are the ones shown.
 */
export function batchProblemsText(problems: readonly BatchProblem[], t: Translate, locale: Locale, maxLength: number = SAFE_MESSAGE_LENGTH): string {
  const title = t('batch-problems-title', { count: problems.length, problems: formatNumber(problems.length, locale) });
  const footer = t('batch-problems-fix');
  const shown: string[] = [];
  let length = title.length + 1 + footer.length;
  for (const [index, problem] of problems.entries()) {
    const line = batchProblemLine(problem, t, locale);
    const left = problems.length - index - 1;
    // Room for the "more" line stays whenever another problem could follow.
    const reserve = left > 0 ? t('batch-problems-more', { count: formatNumber(problems.length, locale) }).length + 1 : 0;
    if (length + line.length + 1 + reserve > maxLength) break;
    shown.push(line);
    length += line.length + 1;
  }
  const hidden = problems.length - shown.length;
  const more = hidden > 0 ? [t('batch-problems-more', { count: formatNumber(hidden, locale) })] : [];
  return [title, ...shown, ...more, footer].join('\n');
}
