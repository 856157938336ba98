/**
 * A favourite: an order a person (or, for a team pick, the administrators
 * for everyone) keeps to start again in one tap. Only the choices are
 * kept; prices and stock are read afresh at the summary, and every rule an
 * order meets applies as to any other.
 */
export interface FavouriteLine {
  productId: number;
  /** The product's title when it was starred, to name it should the provider drop it. */
  title: string;
  /** Null: the region is asked (a product starred before choosing one). */
  regionPropertyId: number | null;
  /** Null: the quantity is asked (a starred product, not a whole order). */
  quantity: number | null;
  /** Answers by fieldId, kept only when the person chose to keep them. */
  fieldValues: Record<string, string>;
  /** What a unit cost when starred, so that a new price is pointed out (old → new). */
  unitPrice: number | null;
}

/** 'product': one product to order in any quantity; 'order': every line of a past order, quantities and all. */
export const FAVOURITE_KINDS = ['product', 'order'] as const;
export type FavouriteKind = (typeof FAVOURITE_KINDS)[number];

/** The most favourites one person keeps, and the most team picks: one screen of buttons each. */
export const MAX_FAVOURITES = 8;
export const MAX_TEAM_PICKS = 8;
