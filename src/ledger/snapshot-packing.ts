import { once } from 'node:events';
import { promisify } from 'node:util';
import { createGzip, gunzip } from 'node:zlib';
import { decodeSnapshot, decodeSnapshotLines, snapshotLines } from './snapshot-codec.js';
import type { MonthSnapshot } from './month-close.js';

const gunzipped = promisify(gunzip);

/** Marks a snapshot kept compressed; the codec's text starts with `{`, so one kept before compression is told apart. */
const PACKED = 'gz1:';
const NEWLINE = 0x0a;

/**
 * A snapshot as the database keeps it: the codec's lines gzipped, as
 * base64. A month of 10,000 transactions is 5 MB of JSON, and SQLite writes
 * and reads a column in one synchronous call: 5 MB in and out held every
 * other chat for 100 to 250 ms on a loaded machine. Compressed it is 0.76 MB
 * (base64 included), and zlib compresses on libuv's thread pool, off the
 * event loop.
 */
export async function packSnapshot(snapshot: MonthSnapshot): Promise<string> {
  const packer = createGzip();
  const packed: Buffer[] = [];
  packer.on('data', (chunk: Buffer) => packed.push(chunk));
  // Rejects on the packer's 'error' as well.
  const finished = once(packer, 'end');
  let first = true;
  // Line by line: the whole text made into bytes at once held other chats too.
  for await (const line of snapshotLines(snapshot)) {
    packer.write(first ? line : `\n${line}`);
    first = false;
  }
  packer.end();
  await finished;
  return PACKED + Buffer.concat(packed).toString('base64');
}

/** A kept snapshot read back; one kept before snapshots were compressed is read as it was written. */
export async function unpackSnapshot(kept: string): Promise<MonthSnapshot> {
  if (!kept.startsWith(PACKED)) return decodeSnapshot(kept);
  const bytes = await gunzipped(Buffer.from(kept.slice(PACKED.length), 'base64'));
  // Line by line from the bytes (a newline is never part of another UTF-8 character): megabytes made into one string at once would hold other chats.
  return decodeSnapshotLines(linesOf(bytes));
}

function* linesOf(bytes: Buffer): Generator<string> {
  for (let start = 0; start <= bytes.length; ) {
    const end = bytes.indexOf(NEWLINE, start);
    const stop = end === -1 ? bytes.length : end;
    yield bytes.toString('utf8', start, stop);
    start = stop + 1;
  }
}
