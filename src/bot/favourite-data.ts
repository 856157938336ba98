/**
 * Callback data of favourites and team picks outside the order menu,
 * 'fv:<what>:<id>', well under Telegram's 64 bytes:
 *
 *   fv:so:<orderId>   star a settled order of one's own (its lines, regions and quantities)
 *   fv:po:<orderId>   pin a settled order for the team (administrators)
 *   fv:rm:<id>        remove one's own favourite (/favourites)
 *   fv:up:<id>        unpin a team pick (/picks, administrators)
 */
export type FavouritePress = { kind: 'star-order' | 'pin-order' | 'remove' | 'unpin'; id: number };

const KINDS = { so: 'star-order', po: 'pin-order', rm: 'remove', up: 'unpin' } as const;
const CODES = Object.fromEntries(Object.entries(KINDS).map(([code, kind]) => [kind, code])) as Record<FavouritePress['kind'], string>;

export const FAVOURITE_PATTERN = /^fv:(so|po|rm|up):([0-9]{1,15})$/;

export function favouriteData(press: FavouritePress): string {
  return `fv:${CODES[press.kind]}:${press.id}`;
}

export function parseFavouriteData(data: string | undefined): FavouritePress | null {
  const m = data === undefined ? null : FAVOURITE_PATTERN.exec(data);
  return m ? { kind: KINDS[m[1] as keyof typeof KINDS], id: Number(m[2]) } : null;
}
