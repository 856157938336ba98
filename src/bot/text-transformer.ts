import type { Transformer } from 'grammy';

/** Telegram's limit for a message's text; a caption's is 1,024. */
const TEXT_LIMIT = 4096;
const CAPTION_LIMIT = 1024;

type Payload = Record<string, unknown>;

/** Where a call carries the text a person reads: its key, its entities' key and Telegram's length limit for it. */
interface TextPlace {
  textKey: 'text' | 'caption';
  entitiesKey: 'entities' | 'caption_entities';
  limit: number;
}

const TEXT: TextPlace = { textKey: 'text', entitiesKey: 'entities', limit: TEXT_LIMIT };
const CAPTION: TextPlace = { textKey: 'caption', entitiesKey: 'caption_entities', limit: CAPTION_LIMIT };

/**
 * A transformer that rewrites the text of every message the bot sends or
 * edits (texts and captions alike), leaving other calls as they are. The
 * rewrite gets the call's payload and where its text is, and returns the
 * payload to send.
 */
export function textTransformer(rewrite: (payload: Payload, place: TextPlace) => Payload): Transformer {
  return (prev, method, payload, signal) => {
    const place = method === 'sendMessage' || method === 'editMessageText' ? TEXT : method === 'sendDocument' || method === 'sendPhoto' || method === 'editMessageCaption' ? CAPTION : null;
    if (place === null) return prev(method, payload, signal);
    return prev(method, rewrite(payload as unknown as Payload, place) as unknown as typeof payload, signal);
  };
}
