import type { SandboxCatalog } from './seed.js';
import type { ValidOrder } from './validation.js';

/**
 * Orders someone places in the provider's panel rather than through the API
 * key: they are the account's orders all the same (debited, listed, they
 * progress), but no request of the bot made them. The panel's own form
 * collects whatever a product asks for, so required fields are not checked.
 */
export interface PanelOrderRequest {
  productId: number;
  quantity: number;
  /** The product's first region with enough stock when not given. */
  regionPropertyId?: number;
}

export interface PlacedPanelOrder {
  orderId: number;
  orderReference: string;
  amount: number;
}

/** The order the panel would take, or an Error saying why it would not. */
export function panelOrder(catalog: SandboxCatalog, request: PanelOrderRequest, balance: number): ValidOrder {
  const { productId, quantity, regionPropertyId } = request;
  const product = catalog.byId.get(productId);
  if (!product) throw new RangeError(`the sandbox sells no product ${productId}`);
  if (!Number.isSafeInteger(quantity) || quantity < 1) throw new RangeError(`the quantity must be a whole number of 1 or more, got ${quantity}`);
  const region =
    regionPropertyId === undefined
      ? product.regions.find((r) => r.stock >= quantity)
      : product.regions.find((r) => r.regionPropertyId === regionPropertyId);
  if (!region) {
    throw new RangeError(
      regionPropertyId === undefined
        ? `product ${productId} has no region with ${quantity} in stock`
        : `product ${productId} has no region ${regionPropertyId}`,
    );
  }
  if (region.stock < quantity) throw new RangeError(`region ${region.regionPropertyId} has ${region.stock} in stock, not ${quantity}`);
  const amount = region.price * quantity;
  if (amount > balance) throw new RangeError(`the wallet holds ${balance}, not the ${amount} the order costs`);
  return { lines: [{ product, region, quantity }], requiredFields: {}, amount };
}

/** One of the cheapest region in stock, for the panel order SANDBOX_FAULTS places on its own; null when nothing is in stock. */
export function cheapestInStock(catalog: SandboxCatalog): PanelOrderRequest | null {
  let best: { productId: number; regionPropertyId: number; price: number } | null = null;
  for (const product of catalog.products) {
    for (const region of product.regions) {
      if (region.stock > 0 && (best === null || region.price < best.price)) best = { productId: product.id, regionPropertyId: region.regionPropertyId, price: region.price };
    }
  }
  return best && { productId: best.productId, regionPropertyId: best.regionPropertyId, quantity: 1 };
}
