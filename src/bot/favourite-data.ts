/**
 * Callback data of favourites and team picks outside the order menu,
 * 'fv:<what>:<id>', well under Telegram's 64 bytes:
 *
 *   fv:so:<orderId>   star a settled order of one's own (its lines, regions and quantities)
 *   fv:po:<orderId>   pin a settled order for the team (administrators)
 *   fv:rm:<id>        remove one's own favourite (/favourites)
 *   fv:nm:<id>        rename one's own favourite
 *   fv:mu:<id>        move one's own favourite one place up
 *   fv:up:<id>        unpin a team pick (/picks, administrators)
 *   fv:tn:<id>        rename a team pick
 *   fv:tm:<id>        move a team pick one place up
 */
export type FavouritePress = {
  kind: 'star-order' | 'pin-order' | 'remove' | 'rename' | 'move-up' | 'unpin' | 'rename-pick' | 'move-pick';
  id: number;
};

const KINDS = { so: 'star-order', po: 'pin-order', rm: 'remove', nm: 'rename', mu: 'move-up', up: 'unpin', tn: 'rename-pick', tm: 'move-pick' } as const;
const CODES = Object.fromEntries(Object.entries(KINDS).map(([code, kind]) => [kind, code])) as Record<FavouritePress['kind'], string>;

export const FAVOURITE_PATTERN = /^fv:(so|po|rm|nm|mu|up|tn|tm):([0-9]{1,15})$/;

export function favouriteData(press: FavouritePress): string {
  return `fv:${CODES[press.kind]}:${press.id}`;
}

export function parseFavouriteData(data: string | undefined): FavouritePress | null {
  const m = data === undefined ? null : FAVOURITE_PATTERN.exec(data);
  return m ? { kind: KINDS[m[1] as keyof typeof KINDS], id: Number(m[2]) } : null;
}
