import type { IncomingMessage } from 'node:http';

// Form and query fields arrive as strings; Telegram reads these as numbers or booleans.
const NUMERIC_FIELDS = new Set([
  'chat_id',
  'from_chat_id',
  'message_id',
  'message_thread_id',
  'reply_to_message_id',
  'user_id',
  'offset',
  'limit',
  'timeout',
  'cache_time',
]);
const BOOLEAN_FIELDS = new Set([
  'protect_content',
  'disable_notification',
  'disable_web_page_preview',
  'allow_sending_without_reply',
  'show_alert',
  'drop_pending_updates',
]);

/** Reads the request parameters the way the Bot API does: query string plus a JSON, urlencoded or multipart body. */
export async function readPayload(req: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
  const payload: Record<string, unknown> = {};
  for (const [key, value] of url.searchParams) payload[key] = coerceField(key, value);

  const body = await readBody(req);
  if (body.length === 0) return payload;
  const contentType = req.headers['content-type'] ?? '';

  if (contentType.startsWith('application/json')) {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) Object.assign(payload, parsed);
    return payload;
  }
  if (contentType.startsWith('multipart/form-data')) {
    for (const part of readMultipart(body, contentType)) {
      payload[part.name] = part.filename === undefined ? coerceField(part.name, part.content.toString('utf8')) : uploadedFile(part);
    }
    return payload;
  }
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    for (const [key, value] of new URLSearchParams(body.toString('utf8'))) payload[key] = coerceField(key, value);
  }
  return payload;
}

/** A file part of a multipart body. */
export interface UploadedFile {
  filename: string;
  size: number;
  type: string;
  /** Not enumerable: recorded calls stay short when printed. */
  readonly content: Buffer;
}

interface Part {
  name: string;
  filename?: string;
  type: string;
  content: Buffer;
}

function uploadedFile(part: Part): UploadedFile {
  const described = { filename: part.filename ?? '', size: part.content.length, type: part.type };
  Object.defineProperty(described, 'content', { value: part.content, enumerable: false });
  return described as UploadedFile;
}

/**
 * A multipart body read as Telegram reads it. Node's own FormData parser
 * refuses what grammY sends (no space after the header colon, unquoted
 * file names), which Telegram accepts.
 */
function readMultipart(body: Buffer, contentType: string): Part[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const marker = Buffer.from(`--${boundary?.[1] ?? boundary?.[2] ?? ''}`);
  const parts: Part[] = [];
  let start = body.indexOf(marker);
  while (start >= 0) {
    const from = start + marker.length;
    if (body.subarray(from, from + 2).toString() === '--') break;
    const next = body.indexOf(marker, from);
    if (next < 0) break;
    const raw = body.subarray(from + 2, next - 2); // past the CRLF after the marker, before the CRLF ahead of the next
    const split = raw.indexOf('\r\n\r\n');
    const headers = raw.subarray(0, split).toString('utf8');
    const disposition = /content-disposition:\s*form-data\s*;(.*)/i.exec(headers)?.[1] ?? '';
    const name = /(?:^|;)\s*name=(?:"([^"]*)"|([^;\r\n]*))/i.exec(disposition);
    const filename = /filename=(?:"([^"]*)"|([^;\r\n]*))/i.exec(disposition);
    parts.push({
      name: (name?.[1] ?? name?.[2] ?? '').trim(),
      ...(filename ? { filename: (filename[1] ?? filename[2] ?? '').trim() } : {}),
      type: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? '',
      content: Buffer.from(raw.subarray(split + 4)),
    });
    start = next;
  }
  return parts;
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return value !== null && typeof value === 'object' && Buffer.isBuffer((value as { content?: unknown }).content);
}

function coerceField(key: string, value: string): unknown {
  if (NUMERIC_FIELDS.has(key) && /^-?\d+$/.test(value)) return Number(value);
  if (BOOLEAN_FIELDS.has(key) && (value === 'true' || value === 'false')) return value === 'true';
  if (value.startsWith('{') || value.startsWith('[')) {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
