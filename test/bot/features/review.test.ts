import { describe, expect, it } from 'vitest';
import { parseReviewCommand } from '../../../src/bot/features/review.js';

describe('reading what an administrator typed after /review', () => {
  it('lists the waiting orders when nothing follows the command', () => {
    expect(parseReviewCommand('  ')).toEqual({ kind: 'list' });
  });

  it('reads an adoption by the provider reference, in either case', () => {
    expect(parseReviewCommand('#12 adopt a100234')).toEqual({ kind: 'adopt', id: 12, provider: 'A100234' });
  });

  it('reads an adoption by the provider order number, with Persian digits and without the #', () => {
    expect(parseReviewCommand('۱۲ ADOPT ۹۰۰۱')).toEqual({ kind: 'adopt', id: 12, provider: 9001 });
  });

  it('reads "none" for our order', () => {
    expect(parseReviewCommand('#7 none')).toEqual({ kind: 'none', id: 7 });
  });

  it('answers with the usage for anything else', () => {
    for (const text of ['#12', '#12 adopt', '#12 adopt #3', '#0 none', '#12 none extra', 'adopt A1', '#12 maybe']) {
      expect(parseReviewCommand(text), text).toEqual({ kind: 'usage' });
    }
  });
});
