import { describe, expect, it } from 'vitest';
import { annotationData, annotationKeyboard, parseAnnotationData, type AnnotationPress } from '../../../src/bot/statement/annotation-data.js';
import { NOTE_KINDS } from '../../../src/domain/month-close.js';
import type { Statement, StatementException } from '../../../src/ledger/statement.js';

const BIG = 999_999_999_999_999;
const t = (key: string, variables?: Record<string, string | number>) => `${key}${variables?.key ? ` ${variables.key}` : ''}`;
const foreign = (id: number) => ({ kind: 'foreign-debit', entry: { id } }) as unknown as StatementException;
const statementOf = (ids: number[]) => ({ exceptions: ids.map(foreign) }) as unknown as Statement;
const dataOf = (keyboard: ReturnType<typeof annotationKeyboard>) => keyboard!.inline_keyboard.flat().map((button) => ('callback_data' in button ? button.callback_data : ''));

describe("the statement's annotation buttons", () => {
  it('reads back every press it writes, each within 64 bytes at the longest key', () => {
    const presses: AnnotationPress[] = [null, ...NOTE_KINDS].map((kind) => ({ month: '1405-09', key: `unkn-${BIG}`, kind }));
    for (const press of presses) {
      const data = annotationData(press);
      expect(Buffer.byteLength(data), data).toBeLessThanOrEqual(64);
      expect(parseAnnotationData(data)).toEqual(press);
    }
  });

  it('reads nothing from data it never gave', () => {
    for (const forged of ['sn:2026-11:fd-1:x', 'sn:2026-1:fd-1', 'sn:2026-11:FD-1', 'sn:2026-11:fd-', 'sn:2026-11:f-1', 'sn:2026-11:fd-1234567890123456', 'sn:2026-11:fd-1:e:e', 'cs:p:1', '']) {
      expect(parseAnnotationData(forged), forged).toBeNull();
    }
    expect(parseAnnotationData(undefined)).toBeNull();
  });

  it('gives a button to each exception not annotated yet, naming the month as /statement close takes it, in the Persian calendar too', () => {
    // 1 Azar 1405 starts on 22 November 2026 in Tehran.
    const azar = { month: '2026-11-22', from: Date.parse('2026-11-21T20:30:00Z'), to: Date.parse('2026-12-21T20:30:00Z') };
    const keyboard = annotationKeyboard(statementOf([11, 12, 13]), new Set(['fd-12']), azar, 'Asia/Tehran', t);
    expect(dataOf(keyboard)).toEqual(['sn:1405-09:fd-11', 'sn:1405-09:fd-13']);
    const november = { month: '2026-11-01', from: Date.parse('2026-11-01T00:00:00Z'), to: Date.parse('2026-12-01T00:00:00Z') };
    expect(dataOf(annotationKeyboard(statementOf([7]), new Set(), november, 'UTC', t))).toEqual(['sn:2026-11:fd-7']);
    expect(annotationKeyboard(statementOf([7]), new Set(['fd-7']), november, 'UTC', t)).toBeNull();
  });
});
