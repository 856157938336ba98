import { InlineKeyboard } from 'grammy';
import { NOTE_KINDS, type NoteKind } from '../../domain/month-close.js';
import { exceptionKey } from '../../ledger/exception-keys.js';
import type { MonthSpan } from '../../ledger/month-close.js';
import type { Statement } from '../../ledger/statement.js';
import type { Translate } from '../../text/i18n.js';
import { monthWord } from './month-close-text.js';

/**
 * Callback data of the annotation buttons under an open month's
 * statement, 'sn:<month>:<key>[:<kind>]', at most 33 bytes (a key is at
 * most 4 letters, a dash and 15 digits):
 *
 *   sn:2026-11:fd-1234      an exception's button: asks what it was
 *   sn:2026-11:fd-1234:w    what it was (e explained, r refunded, w written off): asks for the line
 *
 * The month is written as /statement close takes it (YYYY-MM, Persian when
 * the deployment's months are), and read back the same way. The data only
 * says what was pressed: the presser, the month and the exception are
 * judged again at every press.
 */
export interface AnnotationPress {
  month: string;
  key: string;
  kind: NoteKind | null;
}

const LETTERS: Record<NoteKind, string> = { explained: 'e', refunded: 'r', 'written-off': 'w' };
const kindOf = (letter: string | undefined) => NOTE_KINDS.find((kind) => LETTERS[kind] === letter) ?? null;

export const ANNOTATION_PATTERN = /^sn:([0-9]{4}-[0-9]{2}):([a-z]{2,4}-[0-9]{1,15})(?::([erw]))?$/;

export function annotationData(press: AnnotationPress): string {
  return `sn:${press.month}:${press.key}${press.kind === null ? '' : `:${LETTERS[press.kind]}`}`;
}

export function parseAnnotationData(data: string | undefined): AnnotationPress | null {
  const m = data === undefined ? null : ANNOTATION_PATTERN.exec(data);
  return m ? { month: m[1]!, key: m[2]!, kind: kindOf(m[3]) } : null;
}

/** Buttons this many at most under the annotations, as many as their lines list: the next ones come with the next /statement. */
const BUTTONS = 15;

/** One button per exception not annotated yet, two to a row; null when every one is annotated. */
export function annotationKeyboard(statement: Statement, annotated: ReadonlySet<string>, span: MonthSpan, timeZone: string, t: Translate): InlineKeyboard | null {
  const month = monthWord(span, timeZone);
  const keys = statement.exceptions.map(exceptionKey).filter((key) => !annotated.has(key)).slice(0, BUTTONS);
  if (keys.length === 0) return null;
  const keyboard = new InlineKeyboard();
  keys.forEach((key, index) => {
    keyboard.text(t('month-close-button', { key }), annotationData({ month, key, kind: null }));
    if (index % 2 === 1) keyboard.row();
  });
  return keyboard;
}

/** The three answers to "what was it?", one row. */
export function kindKeyboard(month: string, key: string, t: Translate): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  for (const kind of NOTE_KINDS) keyboard.text(t(`month-close-note-kind-${kind}`), annotationData({ month, key, kind }));
  return keyboard;
}
