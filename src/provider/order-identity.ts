import { ProviderOrderMismatchError } from './errors.js';
import type { OrderDetail } from './schemas.js';

/** What the caller knows of the order it asks for; at least one of the two. */
export interface OrderIdentity {
  orderId: number | null;
  orderReference: string | null;
}

/** The path segment of GET /orders/:id as the identity it names: a number is `orderId`, text is `orderReference`. */
export function identityOf(idOrReference: number | string, known?: Partial<OrderIdentity>): OrderIdentity {
  const asked: OrderIdentity =
    typeof idOrReference === 'number'
      ? { orderId: idOrReference, orderReference: null }
      : { orderId: null, orderReference: idOrReference.trim() };
  return {
    orderId: asked.orderId ?? known?.orderId ?? null,
    orderReference: asked.orderReference ?? known?.orderReference ?? null,
  };
}

// References are 'A' + digits; a provider that changes the letter's case has not changed the order.
const sameReference = (a: string, b: string): boolean => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * Throws unless the detail is the order asked for: the same `orderId` and
 * the same `orderReference`, for each of the two that is known. Every read
 * of an order detail passes here before anything of it is used, because a
 * detail carries gift-card codes and they must reach only that order's owner.
 */
export function assertSameOrder(asked: OrderIdentity, detail: OrderDetail, where: { method: string; path: string }): void {
  const idAgrees = asked.orderId === null || asked.orderId === detail.orderId;
  const referenceAgrees = asked.orderReference === null || sameReference(asked.orderReference, detail.orderReference);
  if (idAgrees && referenceAgrees) return;
  throw new ProviderOrderMismatchError({
    message:
      `${where.method} ${where.path}: the provider answered order ${detail.orderId} (${detail.orderReference}) ` +
      `for ${describe(asked)}`,
    method: where.method,
    path: where.path,
    status: 200,
    fieldPath: idAgrees ? 'data.orderReference' : 'data.orderId',
    asked,
    answered: { orderId: detail.orderId, orderReference: detail.orderReference },
  });
}

function describe(asked: OrderIdentity): string {
  return [asked.orderId === null ? null : `order ${asked.orderId}`, asked.orderReference].filter((part) => part !== null).join(' ');
}

/** '9001 (A100234)', '9001' or '(A100234)': ids only, for logs and alerts. */
export function identityText(identity: OrderIdentity): string {
  return [identity.orderId === null ? null : String(identity.orderId), identity.orderReference === null ? null : `(${identity.orderReference})`]
    .filter((part) => part !== null)
    .join(' ');
}
