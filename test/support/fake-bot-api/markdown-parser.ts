import { BotApiError, badRequest } from './api-error.js';
import {
  byteReader,
  checkLink,
  decodeBytes,
  isFirstCodeUnit,
  isSpace,
  toBotApiEntities,
  utf16Units,
  type FormattedText,
  type RawEntity,
} from './entities.js';
import { isCustomEmojiId } from './html-parser.js';

// Follows tdlib's parse_markdown_v2 and parse_markdown (td/telegram/MessageEntity.cpp).
const ch = (s: string): number => s.charCodeAt(0);
const BACKSLASH = ch('\\'), NL = ch('\n'), CR = ch('\r'), TICK = ch('`'), GT = ch('>');
const RESERVED_V2 = new Set([...'_*[]()~`>#+-=|{}.!\n'].map(ch));
const CODE_RESERVED = new Set([TICK]);

const fail = (message: string): BotApiError => badRequest(`can't parse entities: ${message}`);
const reserved = (c: number): BotApiError =>
  fail(`Character '${String.fromCharCode(c)}' is reserved and must be escaped with the preceding '\\'`);

interface Open {
  type: string;
  argument: string;
  offset: number;
  byteOffset: number;
  outPos: number;
}

export function parseMarkdownV2(input: string): FormattedText {
  const { bytes, at } = byteReader(input);
  const out: number[] = [];
  const raw: RawEntity[] = [];
  const stack: Open[] = [];
  let utf16 = 0;
  let haveBlockquote = false;

  const readUrl = (start: number, what: string): { url: string; end: number } => {
    const urlBytes: number[] = [];
    let i = start;
    while (i < bytes.length && at(i) !== ch(')')) {
      if (at(i) === BACKSLASH && at(i + 1) > 0 && at(i + 1) <= 126) {
        urlBytes.push(at(i + 1));
        i += 2;
      } else {
        urlBytes.push(at(i++));
      }
    }
    if (at(i) !== ch(')')) throw fail(`Can't find end of ${what} at byte offset ${start}`);
    return { url: decodeBytes(urlBytes), end: i };
  };

  for (let i = 0; i < bytes.length; i++) {
    const c = at(i);
    if (c === BACKSLASH && at(i + 1) > 0 && at(i + 1) <= 126) {
      i++;
      utf16 += 1;
      out.push(at(i));
      continue;
    }
    const top = stack.at(-1);
    const inCode = top !== undefined && (top.type === 'Code' || top.type === 'Pre' || top.type === 'PreCode');
    if (!(inCode ? CODE_RESERVED : RESERVED_V2).has(c)) {
      if (isFirstCodeUnit(c)) utf16 += utf16Units(c);
      out.push(c);
      continue;
    }

    if (top === undefined || !closes(top.type, c, at(i + 1), at(i + 2), haveBlockquote, i + 1 === bytes.length)) {
      const byteOffset = i;
      let type: string | undefined;
      let argument = '';
      if (c === ch('_')) {
        type = at(i + 1) === ch('_') ? 'Underline' : 'Italic';
        if (type === 'Underline') i++;
      } else if (c === ch('*')) type = 'Bold';
      else if (c === ch('~')) type = 'Strikethrough';
      else if (c === ch('|')) {
        if (at(i + 1) !== ch('|')) throw reserved(c);
        i++;
        type = 'Spoiler';
      } else if (c === ch('[')) type = 'TextUrl';
      else if (c === TICK) {
        if (at(i + 1) === TICK && at(i + 2) === TICK) {
          i += 3;
          type = 'Pre';
          let languageEnd = i;
          while (!isSpace(at(languageEnd)) && at(languageEnd) !== TICK) languageEnd++;
          if (i !== languageEnd && languageEnd < bytes.length && at(languageEnd) !== TICK) {
            type = 'PreCode';
            argument = decodeBytes(bytes.subarray(i, languageEnd));
            i = languageEnd;
          }
          if (at(i) === NL || at(i) === CR) {
            i += (at(i + 1) === NL || at(i + 1) === CR) && at(i) !== at(i + 1) ? 2 : 1;
          }
          i--;
        } else type = 'Code';
      } else if (c === ch('!')) {
        if (at(i + 1) !== ch('[')) throw reserved(c);
        i++;
        type = 'CustomEmoji';
      } else if (c === NL) {
        utf16 += 1;
        out.push(NL);
        if (at(i + 1) === GT) {
          i++;
          if (!haveBlockquote) {
            type = 'BlockQuote';
            haveBlockquote = true;
          }
        }
      } else if (c === GT) {
        if (i !== 0) throw reserved(c);
        type = 'BlockQuote';
        haveBlockquote = true;
      } else throw reserved(c);
      if (type !== undefined) stack.push({ type, argument, offset: utf16, byteOffset, outPos: out.length });
      continue;
    }

    const open = stack.pop()!;
    if (c === NL && open.type !== 'BlockQuote') {
      throw fail(`Can't find end of ${open.type} entity at byte offset ${open.byteOffset}`);
    }
    let skip = utf16 === open.offset;
    let argument = open.argument;
    if (open.type === 'Underline' || open.type === 'Spoiler') i++;
    else if (open.type === 'Pre' || open.type === 'PreCode') i += 2;
    else if (open.type === 'TextUrl') {
      let url: string;
      if (at(i + 1) !== ch('(')) url = decodeBytes(out.slice(open.outPos));
      else {
        const read = readUrl(i + 2, 'a URL');
        url = read.url;
        i = read.end;
      }
      argument = checkLink(url);
      if (argument === '') skip = true;
    } else if (open.type === 'CustomEmoji') {
      if (at(i + 1) !== ch('(')) throw fail('Custom emoji entity must contain a tg://emoji URL');
      const read = readUrl(i + 2, 'a custom emoji URL');
      i = read.end;
      const id = /^tg:\/\/emoji\?id=(\d+)$/.exec(read.url)?.[1] ?? '';
      if (!isCustomEmojiId(id)) throw fail('Invalid custom emoji identifier specified');
      argument = id;
    } else if (open.type === 'BlockQuote') {
      haveBlockquote = false;
      out.push(c);
      utf16 += 1;
    }
    if (!skip) raw.push({ type: open.type, offset: open.offset, length: utf16 - open.offset, argument });
  }

  const last = stack.at(-1);
  if (haveBlockquote && last?.type === 'BlockQuote') {
    stack.pop();
    if (utf16 > last.offset) raw.push({ type: 'BlockQuote', offset: last.offset, length: utf16 - last.offset });
  }
  const unclosed = stack.at(-1);
  if (unclosed !== undefined) {
    throw fail(`Can't find end of ${unclosed.type} entity at byte offset ${unclosed.byteOffset}`);
  }
  return { text: decodeBytes(out), entities: toBotApiEntities(raw) };
}

function closes(type: string, c: number, next: number, afterNext: number, inQuote: boolean, atEnd: boolean): boolean {
  if (inQuote && c === NL && (atEnd || next !== GT)) return true;
  switch (type) {
    case 'Bold':
      return c === ch('*');
    case 'Italic':
      return c === ch('_') && next !== ch('_');
    case 'Underline':
      return c === ch('_') && next === ch('_');
    case 'Strikethrough':
      return c === ch('~');
    case 'Spoiler':
      return c === ch('|') && next === ch('|');
    case 'Code':
      return c === TICK;
    case 'Pre':
    case 'PreCode':
      return c === TICK && next === TICK && afterNext === TICK;
    case 'TextUrl':
    case 'CustomEmoji':
      return c === ch(']');
    default:
      return false;
  }
}

/** The legacy "Markdown" mode: no nesting, only `_ * ` [` are special. */
export function parseMarkdown(input: string): FormattedText {
  const { bytes, at } = byteReader(input);
  const out: number[] = [];
  const raw: RawEntity[] = [];
  let utf16 = 0;
  const special = new Set([ch('_'), ch('*'), TICK, ch('[')]);
  for (let i = 0; i < bytes.length; i++) {
    const c = at(i);
    if (c === BACKSLASH && special.has(at(i + 1))) {
      out.push(at(++i));
      utf16++;
      continue;
    }
    if (!special.has(c)) {
      if (isFirstCodeUnit(c)) utf16 += utf16Units(c);
      out.push(c);
      continue;
    }
    const begin = i;
    const endChar = c === ch('[') ? ch(']') : c;
    let isPre = false;
    let language = '';
    i++;
    if (c === TICK && at(i) === TICK && at(i + 1) === TICK) {
      i += 2;
      isPre = true;
      let languageEnd = i;
      while (!isSpace(at(languageEnd)) && at(languageEnd) !== TICK) languageEnd++;
      if (i !== languageEnd && languageEnd < bytes.length && at(languageEnd) !== TICK) {
        language = decodeBytes(bytes.subarray(i, languageEnd));
        i = languageEnd;
      }
      if (at(i) === NL || at(i) === CR) i += (at(i + 1) === NL || at(i + 1) === CR) && at(i) !== at(i + 1) ? 2 : 1;
    }
    const offset = utf16;
    const innerStart = out.length;
    while (i < bytes.length && (at(i) !== endChar || (isPre && !(at(i + 1) === TICK && at(i + 2) === TICK)))) {
      if (isFirstCodeUnit(at(i))) utf16 += utf16Units(at(i));
      out.push(at(i++));
    }
    if (i >= bytes.length) throw fail(`Can't find end of the entity starting at byte offset ${begin}`);
    const length = utf16 - offset;
    if (length > 0) {
      if (c === ch('_')) raw.push({ type: 'Italic', offset, length });
      else if (c === ch('*')) raw.push({ type: 'Bold', offset, length });
      else if (c === ch('[')) {
        let url = decodeBytes(out.slice(innerStart));
        if (at(i + 1) === ch('(')) {
          i += 2;
          const urlStart = i;
          while (i < bytes.length && at(i) !== ch(')')) i++;
          url = decodeBytes(bytes.subarray(urlStart, i));
        }
        const checked = checkLink(url);
        if (checked !== '') raw.push({ type: 'TextUrl', offset, length, argument: checked });
      } else if (isPre) {
        raw.push(language === '' ? { type: 'Pre', offset, length } : { type: 'PreCode', offset, length, argument: language });
      } else raw.push({ type: 'Code', offset, length });
    }
    if (isPre) i += 2;
  }
  return { text: decodeBytes(out), entities: toBotApiEntities(raw) };
}
