import { BotApiError, badRequest } from './api-error.js';
import {
  byteReader,
  checkLink,
  decodeBytes,
  isFirstCodeUnit,
  isSpace,
  pushCodePoint,
  toBotApiEntities,
  utf16Units,
  type FormattedText,
  type RawEntity,
} from './entities.js';

// Follows tdlib's parse_html (td/telegram/MessageEntity.cpp), whose messages the Bot API returns verbatim.
const SUPPORTED_TAGS = new Set([
  'a', 'b', 'strong', 'i', 'em', 's', 'strike', 'del', 'u', 'ins',
  'tg-spoiler', 'tg-emoji', 'span', 'pre', 'code', 'blockquote',
]);
const SIMPLE_TYPES: Record<string, string> = {
  i: 'Italic', em: 'Italic', b: 'Bold', strong: 'Bold', s: 'Strikethrough', strike: 'Strikethrough',
  del: 'Strikethrough', u: 'Underline', ins: 'Underline', 'tg-spoiler': 'Spoiler', span: 'Spoiler',
};
const AMP = 0x26, LT = 0x3c, GT = 0x3e, SLASH = 0x2f, EQ = 0x3d, QUOT = 0x22, APOS = 0x27;

const fail = (message: string): BotApiError => badRequest(`can't parse entities: ${message}`);

export function isCustomEmojiId(value: string): boolean {
  return /^\d{1,19}$/.test(value) && BigInt(value) > 0n && BigInt(value) <= 0x7fffffffffffffffn;
}

/** Decodes `&lt;`, `&gt;`, `&amp;`, `&quot;` and numeric references; anything else stays literal. */
function decodeEntity(at: (i: number) => number, pos: number): { code: number; next: number } | undefined {
  let end = pos + 1;
  let code = 0;
  if (at(pos + 1) === 0x23) {
    end++;
    const hex = at(pos + 2) === 0x78;
    if (hex) end++;
    const digit = hex ? /[0-9a-f]/i : /[0-9]/;
    while (digit.test(String.fromCharCode(at(end)))) code = code * (hex ? 16 : 10) + parseInt(String.fromCharCode(at(end++)), 16);
    if (code === 0 || code >= 0x10ffff || end - pos >= 10) return undefined;
  } else {
    while (/[a-z]/i.test(String.fromCharCode(at(end)))) end++;
    const name = decodeBytes(Array.from({ length: end - pos - 1 }, (_, k) => at(pos + 1 + k)));
    const named: Record<string, number> = { lt: 0x3c, gt: 0x3e, amp: 0x26, quot: 0x22 };
    const found = named[name];
    if (found === undefined) return undefined;
    code = found;
  }
  return { code, next: at(end) === 0x3b ? end + 1 : end };
}

export function parseHtml(input: string): FormattedText {
  const { bytes, at } = byteReader(input);
  const slice = (from: number, to: number) => decodeBytes(bytes.subarray(from, to));
  const out: number[] = [];
  const raw: RawEntity[] = [];
  const stack: { tag: string; argument: string; offset: number; outPos: number }[] = [];
  let utf16 = 0;

  for (let i = 0; i < bytes.length; i++) {
    const c = at(i);
    if (c === AMP) {
      const decoded = decodeEntity(at, i);
      if (decoded !== undefined) {
        utf16 += decoded.code > 0xffff ? 2 : 1;
        pushCodePoint(out, decoded.code);
        i = decoded.next - 1;
        continue;
      }
    }
    if (c !== LT) {
      if (isFirstCodeUnit(c)) utf16 += utf16Units(c);
      out.push(c);
      continue;
    }

    const begin = i++;
    if (at(i) !== SLASH) {
      while (!isSpace(at(i)) && at(i) !== GT) i++;
      if (i >= bytes.length) throw fail(`Unclosed start tag at byte offset ${begin}`);
      const tag = slice(begin + 1, i).toLowerCase();
      if (!SUPPORTED_TAGS.has(tag)) throw fail(`Unsupported start tag "${tag}" at byte offset ${begin}`);

      let argument = '';
      while (at(i) !== GT) {
        while (i < bytes.length && isSpace(at(i))) i++;
        if (at(i) === GT) break;
        const nameBegin = i;
        while (!isSpace(at(i)) && at(i) !== EQ && at(i) !== GT) i++;
        const name = slice(nameBegin, i);
        if (name === '') throw fail(`Empty attribute name in the tag "${tag}" at byte offset ${begin}`);
        while (i < bytes.length && isSpace(at(i))) i++;
        if (at(i) !== EQ) {
          if (tag === 'blockquote' && name === 'expandable') {
            argument = 'expandable';
            continue;
          }
          throw fail(`Expected equal sign in declaration of an attribute of the tag "${tag}" at byte offset ${begin}`);
        }
        i++;
        while (i < bytes.length && isSpace(at(i))) i++;
        if (i >= bytes.length) throw fail(`Unclosed start tag "${tag}" at byte offset ${begin}`);

        let value: string;
        if (at(i) !== QUOT && at(i) !== APOS) {
          const tokenBegin = i;
          while (/[a-z0-9.-]/i.test(String.fromCharCode(at(i)))) i++;
          value = slice(tokenBegin, i).toLowerCase();
          if (!isSpace(at(i)) && at(i) !== GT) throw fail(`Unexpected end of name token at byte offset ${tokenBegin}`);
        } else {
          const quote = at(i++);
          const valueBytes: number[] = [];
          while (at(i) !== quote && i < bytes.length) {
            const decoded = at(i) === AMP ? decodeEntity(at, i) : undefined;
            if (decoded !== undefined) {
              pushCodePoint(valueBytes, decoded.code);
              i = decoded.next;
            } else {
              valueBytes.push(at(i++));
            }
          }
          if (at(i) === quote) i++;
          value = decodeBytes(valueBytes);
        }
        if (i >= bytes.length) throw fail(`Unclosed start tag at byte offset ${begin}`);

        if (tag === 'a' && name === 'href') argument = value;
        else if (tag === 'code' && name === 'class' && value.startsWith('language-')) argument = value.slice(9);
        else if (tag === 'span' && name === 'class' && value.startsWith('tg-')) argument = value.slice(3);
        else if (tag === 'tg-emoji' && name === 'emoji-id') argument = value;
      }
      if (tag === 'span' && argument !== 'spoiler') {
        throw fail(`Tag "span" must have class "tg-spoiler" at byte offset ${begin}`);
      }
      stack.push({ tag, argument, offset: utf16, outPos: out.length });
      continue;
    }

    if (stack.length === 0) throw fail(`Unexpected end tag at byte offset ${begin}`);
    while (!isSpace(at(i)) && at(i) !== GT) i++;
    const endTag = slice(begin + 2, i).toLowerCase();
    while (i < bytes.length && isSpace(at(i))) i++;
    if (at(i) !== GT) throw fail(`Unclosed end tag at byte offset ${begin}`);
    const open = stack.pop()!;
    if (endTag !== '' && endTag !== open.tag) {
      throw fail(`Unmatched end tag at byte offset ${begin}, expected "</${open.tag}>", found "</${endTag}>"`);
    }
    if (utf16 > open.offset) closeEntity(raw, open, utf16, decodeBytes(out.slice(open.outPos)));
  }

  const unclosed = stack.at(-1);
  if (unclosed !== undefined) throw fail(`Can't find end tag corresponding to start tag "${unclosed.tag}"`);
  for (const entity of raw) if (entity.type === 'Code') delete entity.argument;
  return { text: decodeBytes(out), entities: toBotApiEntities(raw) };
}

function closeEntity(
  raw: RawEntity[],
  open: { tag: string; argument: string; offset: number },
  utf16: number,
  innerText: string,
): void {
  const offset = open.offset;
  const length = utf16 - offset;
  const last = raw.at(-1);
  const sameSpan = last !== undefined && last.offset === offset && last.length === length;
  const simple = SIMPLE_TYPES[open.tag];
  if (simple !== undefined) {
    raw.push({ type: simple, offset, length });
  } else if (open.tag === 'tg-emoji') {
    if (!isCustomEmojiId(open.argument)) throw fail('Invalid custom emoji identifier specified');
    raw.push({ type: 'CustomEmoji', offset, length, argument: open.argument });
  } else if (open.tag === 'a') {
    const url = checkLink(open.argument === '' ? innerText : open.argument);
    if (url !== '') raw.push({ type: 'TextUrl', offset, length, argument: url });
  } else if (open.tag === 'pre') {
    if (sameSpan && last.type === 'Code' && (last.argument ?? '') !== '') last.type = 'PreCode';
    else raw.push({ type: 'Pre', offset, length });
  } else if (open.tag === 'code') {
    if (sameSpan && last.type === 'Pre' && open.argument !== '') {
      last.type = 'PreCode';
      last.argument = open.argument;
    } else {
      raw.push({ type: 'Code', offset, length, argument: open.argument });
    }
  } else if (open.tag === 'blockquote') {
    raw.push({ type: open.argument === 'expandable' ? 'ExpandableBlockQuote' : 'BlockQuote', offset, length });
  }
}
