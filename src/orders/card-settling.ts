import type { CardLocation, CardsOfKind } from '../db/card-locations.js';
import type { CardEdit } from '../text/send-port.js';

type Place = Pick<CardLocation, 'chatId' | 'messageId'>;

/**
 * Edits every card of a subject (an approval request, a batch) but
 * `answered`, once it was decided or lapsed. The cards are taken off the
 * list in one statement first, so that two settlings at once never edit a
 * card twice; with `keepUnsettled` (an expiry, whose news is owed until
 * done) each is forgotten only once its edit settled, so that one Telegram
 * did not take now, or whose edit a stopped process never finished, is
 * left for a later pass (an edit to the same words again changes nothing).
 * With `forgetLater` too, a settled card is forgotten only when the caller
 * calls `forget`: until then a later pass still finds every card, and so
 * still knows where they were. Returns every card the subject had (the
 * answered one too) and whether none was left unsettled.
 */
export async function settleCards(
  cards: Pick<CardsOfKind, 'take' | 'list' | 'forget'>,
  subjectId: number,
  edit: (card: CardLocation) => Promise<CardEdit>,
  options: { answered?: Place; keepUnsettled?: boolean; forgetLater?: boolean } = {},
): Promise<{ cards: CardLocation[]; settled: boolean; forget: () => Promise<void> }> {
  const { answered, keepUnsettled = false, forgetLater = false } = options;
  const found = keepUnsettled ? await cards.list(subjectId) : await cards.take(subjectId);
  let settled = true;
  const done: CardLocation[] = [];
  for (const card of found) {
    if (answered && card.chatId === answered.chatId && card.messageId === answered.messageId) continue;
    const outcome = await edit(card);
    if (!keepUnsettled) continue;
    if (outcome === 'settled') done.push(card);
    else settled = false;
  }
  const forget = async () => {
    for (const card of done.splice(0)) await cards.forget(subjectId, card);
  };
  if (!forgetLater) await forget();
  return { cards: found, settled, forget };
}
