import { inflateSync } from 'node:zlib';

export interface PngPixels {
  width: number;
  height: number;
  /** Red, green, blue, alpha of the pixel at (x, y). */
  at(x: number, y: number): [number, number, number, number];
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the IHDR chunk, after checking the signature. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG: wrong signature');
  if (png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG: IHDR is not the first chunk');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/**
 * Decodes an 8-bit RGB or RGBA PNG without interlacing, which is what the
 * chart renderer writes; anything else is refused rather than misread.
 */
export function decodePng(png: Buffer): PngPixels {
  const { width, height } = pngSize(png);
  const bitDepth = png[24];
  const colourType = png[25];
  const interlace = png[28];
  if (bitDepth !== 8 || (colourType !== 6 && colourType !== 2) || interlace !== 0) {
    throw new Error(`unsupported PNG: depth ${bitDepth}, colour type ${colourType}, interlace ${interlace}`);
  }
  const channels = colourType === 6 ? 4 : 3;
  const chunks: Buffer[] = [];
  for (let offset = 8; offset < png.length; ) {
    const length = png.readUInt32BE(offset);
    if (png.toString('latin1', offset + 4, offset + 8) === 'IDAT') chunks.push(png.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const filtered = inflateSync(Buffer.concat(chunks));
  const stride = width * channels;
  const pixels = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = filtered[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const raw = filtered[y * (stride + 1) + 1 + i]!;
      const left = i >= channels ? pixels[y * stride + i - channels]! : 0;
      const up = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      const upLeft = y > 0 && i >= channels ? pixels[(y - 1) * stride + i - channels]! : 0;
      pixels[y * stride + i] = (raw + unfilter(filter, left, up, upLeft)) & 0xff;
    }
  }
  return {
    width,
    height,
    at(x, y) {
      const start = y * stride + x * channels;
      return [pixels[start]!, pixels[start + 1]!, pixels[start + 2]!, channels === 4 ? pixels[start + 3]! : 255];
    },
  };
}

function unfilter(filter: number | undefined, left: number, up: number, upLeft: number): number {
  switch (filter) {
    case 0:
      return 0;
    case 1:
      return left;
    case 2:
      return up;
    case 3:
      return (left + up) >> 1;
    case 4: {
      const estimate = left + up - upLeft;
      const [toLeft, toUp, toUpLeft] = [Math.abs(estimate - left), Math.abs(estimate - up), Math.abs(estimate - upLeft)];
      return toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft;
    }
    default:
      throw new Error(`unknown PNG row filter ${filter}`);
  }
}
