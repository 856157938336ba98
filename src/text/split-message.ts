import { FormattedString } from '@grammyjs/parse-mode';

type Entity = FormattedString['rawEntities'][number];

/** Telegram's limit on a message text, in UTF-16 code units after entity parsing. */
export const TELEGRAM_MAX_MESSAGE_LENGTH = 4096;
/** Room left under the limit, so that a later small change to a template cannot push a part over. */
export const SAFE_MESSAGE_LENGTH = 4000;
/**
 * Telegram applies only the first 100 entities of a message and shows the
 * rest as plain text: a spoiler past that point would reveal a code.
 */
export const SAFE_MESSAGE_ENTITIES = 90;

interface SplitOptions {
  maxLength?: number;
  maxEntities?: number;
  /** Put on its own first line of every part after the first (counts towards the limits). */
  continuation?: FormattedString;
  /**
   * At most this many spoilers per part: each secret of a delivery gets a
   * copy button under its message, and a message carries only so many
   * buttons before they stop being readable.
   */
  maxSpoilers?: number;
}

/**
 * Splits a formatted text into messages Telegram accepts whole: at most
 * `maxLength` UTF-16 units and `maxEntities` entities each. Cuts fall on
 * line boundaries outside entities when possible, then on any line
 * boundary, and only a line that cannot fit is cut inside (entities are
 * clipped to each part, surrogate pairs are never split). Newlines at the
 * cuts are dropped. An empty text gives no parts.
 */
export function splitMessage(text: FormattedString, options: SplitOptions = {}): FormattedString[] {
  const maxLength = options.maxLength ?? SAFE_MESSAGE_LENGTH;
  const maxEntities = options.maxEntities ?? SAFE_MESSAGE_ENTITIES;
  const continuation = options.continuation;
  const raw = text.rawText;
  const entities = [...text.rawEntities].sort((a, b) => a.offset - b.offset);
  const spoilers = entities.filter((entity) => entity.type === 'spoiler');
  const spoilerBudget = options.maxSpoilers ?? Number.POSITIVE_INFINITY;
  const parts: FormattedString[] = [];

  let start = skipNewlines(raw, 0);
  while (start < raw.length) {
    const prefixed = parts.length > 0 && continuation !== undefined && continuation.rawText.length > 0;
    const lengthBudget = maxLength - (prefixed ? continuation.rawText.length + 1 : 0);
    const entityBudget = maxEntities - (prefixed ? continuation.rawEntities.length : 0);
    if (lengthBudget < 2 || entityBudget < 1) throw new RangeError('the continuation line leaves no room for text');

    const end = chooseEnd(raw, entities, start, lengthBudget, entityBudget, spoilers, spoilerBudget);
    const piece = text.slice(start, trimNewlinesBefore(raw, end, start));
    if (piece.rawText.trim() !== '') {
      parts.push(prefixed ? continuation.concat(new FormattedString('\n'), piece) : piece);
    }
    start = skipNewlines(raw, end);
  }
  return parts;
}

function chooseEnd(
  raw: string,
  entities: readonly Entity[],
  start: number,
  lengthBudget: number,
  entityBudget: number,
  spoilers: readonly Entity[] = [],
  spoilerBudget = Number.POSITIVE_INFINITY,
): number {
  const fits = (end: number) =>
    end - start <= lengthBudget && countIntersecting(entities, start, end) <= entityBudget && countIntersecting(spoilers, start, end) <= spoilerBudget;
  if (fits(raw.length)) return raw.length;

  // Cut after a newline: the newline itself is dropped, so it may sit one past the budget.
  let outsideEntities = -1;
  let anyLine = -1;
  const windowEnd = Math.min(raw.length, start + lengthBudget + 1);
  for (let newline = raw.indexOf('\n', start); newline !== -1 && newline < windowEnd; newline = raw.indexOf('\n', newline + 1)) {
    if (newline === start) continue;
    if (countIntersecting(entities, start, newline) > entityBudget) break;
    if (countIntersecting(spoilers, start, newline) > spoilerBudget) break;
    anyLine = newline + 1;
    if (!insideEntity(entities, newline)) outsideEntities = newline + 1;
  }
  const lineCut = outsideEntities > start ? outsideEntities : anyLine;
  // A line too long for any message is cut anyway: better to fill this part than to send a stub.
  if (lineCut > start && lineLength(raw, lineCut) <= lengthBudget) return lineCut;
  return hardCut(raw, entities, start, lengthBudget, entityBudget);
}

/** A line too long (or too rich) for one message: cut at the limit, never between the halves of a surrogate pair. */
function hardCut(raw: string, entities: readonly Entity[], start: number, lengthBudget: number, entityBudget: number): number {
  let end = Math.min(raw.length, start + lengthBudget);
  const intersecting = entities.filter((e) => e.offset < end && e.offset + e.length > start);
  const firstOver = intersecting[entityBudget];
  if (firstOver !== undefined && firstOver.offset > start) end = Math.min(end, firstOver.offset);
  if (end < raw.length && end - 1 > start && isHighSurrogate(raw.charCodeAt(end - 1))) end -= 1;
  return end;
}

function countIntersecting(entities: readonly Entity[], start: number, end: number): number {
  let count = 0;
  for (const entity of entities) {
    if (entity.offset >= end) break;
    if (entity.offset + entity.length > start) count += 1;
  }
  return count;
}

/** Whether cutting right after `index` would cut through an entity. */
function insideEntity(entities: readonly Entity[], index: number): boolean {
  return entities.some((e) => e.offset <= index && e.offset + e.length > index + 1);
}

function lineLength(raw: string, from: number): number {
  const newline = raw.indexOf('\n', from);
  return (newline === -1 ? raw.length : newline) - from;
}

function skipNewlines(raw: string, from: number): number {
  let index = from;
  while (index < raw.length && (raw[index] === '\n' || raw[index] === '\r')) index += 1;
  return index;
}

function trimNewlinesBefore(raw: string, end: number, floor: number): number {
  let index = end;
  while (index > floor && (raw[index - 1] === '\n' || raw[index - 1] === '\r')) index -= 1;
  return index;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
