import { describe, expect, it } from 'vitest';
import { deliveryLines } from '../../src/delivery/delivery-lines.js';

const line = (productId: number, regionPropertyId = 5001) => ({ product: { id: productId }, region: { regionPropertyId } });
const item = (id: number, productId: number, regionPropertyId: number | null = 5001) => ({ id, productId, regionPropertyId });

describe('deliveryLines', () => {
  const lines = [line(101), line(109), line(102)];

  it('numbers the lines as posted and gives each its item, whatever order the items are listed in', () => {
    const posted = [item(1, 101), item(2, 109), item(3, 102)];
    const asPosted = deliveryLines(lines, posted);
    expect(asPosted.lines.map(({ number, line, items }) => [number, line.product.id, items.map((i) => i.id)])).toEqual([
      [1, 101, [1]],
      [2, 109, [2]],
      [3, 102, [3]],
    ]);
    expect(deliveryLines(lines, [...posted].reverse())).toEqual(asPosted);
    expect(deliveryLines(lines, [posted[1]!, posted[2]!, posted[0]!])).toEqual(asPosted);
    expect(asPosted.unmatched).toEqual([]);
  });

  it("puts a line's several items in the order of their ids", () => {
    const matched = deliveryLines(lines, [item(7, 109), item(3, 101), item(5, 109), item(4, 102)]);
    expect(matched.lines[1]!.items.map((i) => i.id)).toEqual([5, 7]);
  });

  it('takes an item by its product whatever region it names (none, or another than the POST), and leaves unmatched an item of another product', () => {
    const matched = deliveryLines(lines, [item(1, 101, null), item(2, 109, 6001), item(3, 999), item(4, 102)]);
    expect(matched.lines.map(({ items }) => items.map((i) => i.id))).toEqual([[1], [2], [4]]);
    expect(matched.unmatched.map((i) => i.id)).toEqual([3]);
  });
});
