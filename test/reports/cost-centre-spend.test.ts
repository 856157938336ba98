import { describe, expect, it } from 'vitest';
import { costCentreSpend } from '../../src/reports/cost-centre-spend.js';
import type { CostCentreName } from '../../src/domain/cost-centre.js';

const CENTRES = new Map<number, CostCentreName>([
  [1, { name: 'Support team', code: 'SUP-01' }],
  [2, { name: 'بازاریابی', code: null }],
]);

describe("the digest's spend per cost centre", () => {
  it('is nothing when no order of the day named a cost centre', () => {
    expect(costCentreSpend([{ costCentreId: null, orders: 3, spend: 9_000 }], CENTRES)).toBeNull();
    expect(costCentreSpend([], CENTRES)).toBeNull();
  });

  it('lists each cost centre largest first, orders of none as a row like the others', () => {
    const spend = costCentreSpend(
      [
        { costCentreId: 1, orders: 1, spend: 2_000 },
        { costCentreId: null, orders: 2, spend: 5_000 },
        { costCentreId: 2, orders: 4, spend: 2_000 },
      ],
      CENTRES,
    );
    expect(spend).toEqual({
      rows: [
        { centre: null, orders: 2, spend: 5_000 },
        { centre: { name: 'Support team', code: 'SUP-01' }, orders: 1, spend: 2_000 },
        { centre: { name: 'بازاریابی', code: null }, orders: 4, spend: 2_000 },
      ],
      folded: null,
    });
  });

  it('keeps the biggest rows and sums the rest in one past the cap', () => {
    const figures = Array.from({ length: 11 }, (_, i) => ({ costCentreId: i + 10, orders: 1, spend: 100 * (i + 1) }));
    const spend = costCentreSpend(figures, new Map(), 8)!;
    expect(spend.rows.map((row) => [row.centre?.name, row.spend])).toEqual([
      ['#20', 1_100],
      ['#19', 1_000],
      ['#18', 900],
      ['#17', 800],
      ['#16', 700],
      ['#15', 600],
      ['#14', 500],
    ]);
    expect(spend.folded).toEqual({ centres: 4, orders: 4, spend: 100 + 200 + 300 + 400 });
    // Exactly at the cap: nothing folded.
    expect(costCentreSpend(figures.slice(0, 8), new Map(), 8)!.folded).toBeNull();
  });
});
