import { describe, expect, it } from 'vitest';
import { parseOrdersCommand } from '../../src/bot/orders-input.js';

describe('reading what someone typed after /orders', () => {
  it('lists the recent orders when nothing follows the command', () => {
    expect(parseOrdersCommand('  ')).toEqual({ kind: 'recent' });
  });

  it('reads a person by @username or by Telegram id, with Persian digits', () => {
    expect(parseOrdersCommand('@sam_k')).toEqual({ kind: 'person', person: { kind: 'username', username: 'sam_k' } });
    expect(parseOrdersCommand('۲۰۰۲')).toEqual({ kind: 'person', person: { kind: 'id', id: 2002 } });
  });

  it('reads one order by our number or by the provider’s reference in either case', () => {
    expect(parseOrdersCommand('#12')).toEqual({ kind: 'order', lookup: { kind: 'local', id: 12 } });
    expect(parseOrdersCommand('a100234')).toEqual({ kind: 'order', lookup: { kind: 'reference', reference: 'A100234' } });
  });

  it('takes anything else as part of a product name, its spaces folded', () => {
    expect(parseOrdersCommand(' Google   Play ')).toEqual({ kind: 'product', text: 'Google Play' });
    expect(parseOrdersCommand('گوگل پلی')).toEqual({ kind: 'product', text: 'گوگل پلی' });
  });

  it('answers with the accepted forms for what names nothing', () => {
    for (const text of ['@', '@a-b', '#', '#0', '#x1', '0', '99999999999999999', 'x', 'y'.repeat(65)]) {
      expect(parseOrdersCommand(text), text).toEqual({ kind: 'usage' });
    }
  });
});
