/**
 * A quantity as orders of at most `perOrderMax` units each, the full ones
 * first: 35 with 10 is [10, 10, 10, 5]. Whole positive numbers only: a
 * batch that rounds or drops a unit would place something else than was
 * confirmed.
 */
export function splitQuantity(quantity: number, perOrderMax: number): number[] {
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new RangeError(`quantity must be a positive whole number, not ${quantity}`);
  if (!Number.isSafeInteger(perOrderMax) || perOrderMax < 1) throw new RangeError(`the per-order maximum must be a positive whole number, not ${perOrderMax}`);
  const parts = new Array<number>(Math.floor(quantity / perOrderMax)).fill(perOrderMax);
  const rest = quantity % perOrderMax;
  if (rest > 0) parts.push(rest);
  return parts;
}
