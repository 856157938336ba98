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
  if (contentType.startsWith('multipart/form-data') || contentType.startsWith('application/x-www-form-urlencoded')) {
    const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
    for (const [key, value] of form) {
      payload[key] =
        typeof value === 'string' ? coerceField(key, value) : { filename: value.name, size: value.size, type: value.type };
    }
  }
  return payload;
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
