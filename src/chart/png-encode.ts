import { promisify } from 'node:util';
import { deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const RGBA = 6;
const NO_FILTER = 0;

/**
 * An 8-bit RGBA PNG of the pixels, compressed on the thread pool. The
 * renderer's own encoder runs on the main thread and takes tens of
 * milliseconds for a chart, during which no other chat is answered; here
 * the main thread only copies rows. Unfiltered rows suit a chart: long runs
 * of one colour, which deflate compresses well as they are. Deflate's
 * default level: level 9 takes three times as long for a file a sixth smaller.
 */
export async function encodePng(rgba: Buffer, width: number, height: number): Promise<Buffer> {
  const stride = width * 4;
  if (rgba.length !== stride * height) throw new Error(`expected ${stride * height} bytes of pixels, got ${rgba.length}`);
  const rows = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    rows[y * (stride + 1)] = NO_FILTER;
    rgba.copy(rows, y * (stride + 1) + 1, y * stride, (y + 1) * stride);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = RGBA;
  // Bytes 10–12: deflate compression, adaptive filtering, no interlacing (all 0).
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', await deflateAsync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** The PNG chunk checksum (zlib.crc32 is newer than the Node versions the program supports). */
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
