import { costCentreWords, type CostCentreName } from '../domain/cost-centre.js';
import { clip } from '../text/clip.js';
import { formatNumber } from '../text/format.js';
import type { Locale, Translate } from '../text/i18n.js';
import { withoutUnsafeCharacters } from '../text/unsafe-characters.js';

/**
 * How much of a note a line of the feed keeps: the line already names the
 * person, the goods and the amount, and a phone shows about two lines of
 * it before the note would push the next order down. /track shows it whole.
 */
export const FEED_NOTE_LENGTH = 60;

/** Someone's typed words for one line of someone else's chat: nothing that reorders the text around it, no line break. */
export function oneLineOf(text: string): string {
  return withoutUnsafeCharacters(text.replace(/\s+/g, ' ')).trim();
}

/**
 * What an order was for, to end its line in the feed: " — for Support team
 * (SUP-01): Nowruz gifts…". Null for an order that names neither (the line
 * reads as before cost centres), or whose cost centre is not known.
 */
export function purposeEnding(t: Translate, purpose: { centre: CostCentreName | null; note: string | null }): string | null {
  const note = purpose.note === null ? '' : clip(oneLineOf(purpose.note), FEED_NOTE_LENGTH);
  const centre = purpose.centre === null ? null : oneLineOf(costCentreWords(purpose.centre));
  if (centre && note) return t('feed-for-centre-note', { centre, note });
  if (centre) return t('feed-for-centre', { centre });
  return note ? t('feed-for-note', { note }) : null;
}

/** How many cost centres a batch's feed line names before it counts the rest. */
export const FEED_BATCH_CENTRES = 3;

/**
 * The cost centres a batch's orders name, to end its line in the feed:
 * " — for Support team (SUP-01), Events", the first few and a count of
 * the rest. Null when they name none (orders of no cost centre are not
 * counted: the line then reads as before cost centres).
 */
export function centresEnding(t: Translate, centres: readonly CostCentreName[], locale: Locale): string | null {
  if (centres.length === 0) return null;
  const named = centres.slice(0, FEED_BATCH_CENTRES).map((centre) => oneLineOf(costCentreWords(centre)));
  const more = centres.length - named.length;
  const list = named.join(locale === 'fa' ? '، ' : ', ');
  return t('feed-for-centre', { centre: more > 0 ? t('feed-centres-more', { centres: list, more: formatNumber(more, locale) }) : list });
}
