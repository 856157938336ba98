import { costCentreWords, type CostCentreName } from '../domain/cost-centre.js';
import { clip } from '../text/clip.js';
import type { Translate } from '../text/i18n.js';
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
