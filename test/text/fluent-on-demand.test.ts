import { describe, expect, it } from 'vitest';
import { fluentMessagesOf, splitEntries } from '../../src/text/fluent-on-demand.js';

const SOURCE = `### A file's comment

greeting = Hello, { $name }
# A message's comment
later = Tap { btn-again } once { -brand } is back.
btn-again = Check again
-brand = giftdesk
count = { $n ->
    [one] one order
   *[other] { $n } orders
} so far
greeting = A second greeting is ignored
broken = { $unclosed
`;

describe('Fluent messages parsed when first formatted', () => {
  it('splits the sources where a message or term begins, with a placeable closed at the start of a line kept in its message', () => {
    const entries = splitEntries(SOURCE);
    expect([...entries.keys()]).toEqual(['greeting', 'later', 'btn-again', '-brand', 'count', 'broken']);
    expect(entries.get('count')).toContain('} so far');
    expect(entries.get('greeting')).toContain('Hello');
  });

  it('formats a message that refers to another message and to a term, neither formatted before', () => {
    const messages = fluentMessagesOf('en', SOURCE);
    const found = messages.message('later')!;
    expect(found.bundle.formatPattern(found.message.value!)).toBe('Tap Check again once giftdesk is back.');
  });

  it('formats a selection spread over several lines, and keeps the first of two messages with one name', () => {
    const messages = fluentMessagesOf('en', SOURCE);
    const count = messages.message('count')!;
    expect(count.bundle.formatPattern(count.message.value!, { n: 2 })).toBe('2 orders so far');
    const greeting = messages.message('greeting')!;
    expect(greeting.bundle.formatPattern(greeting.message.value!, { name: 'Ada' })).toBe('Hello, Ada');
  });

  it('knows its messages without parsing them, and never offers a term or an unknown name as a message', () => {
    const messages = fluentMessagesOf('en', SOURCE);
    expect(messages.hasMessage('count')).toBe(true);
    expect(messages.hasMessage('-brand')).toBe(false);
    expect(messages.message('-brand')).toBeUndefined();
    expect(messages.hasMessage('missing')).toBe(false);
    expect(messages.message('missing')).toBeUndefined();
  });
});
