import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyAssets } from '../../src/ops/copy-assets.js';

describe('copying run-time assets into the build', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('puts every Fluent file at the same relative path under the build folder, and nothing else', () => {
    const root = mkdtempSync(join(tmpdir(), 'giftdesk-assets-'));
    dirs.push(root);
    const src = join(root, 'src');
    const dist = join(root, 'dist');
    mkdirSync(join(src, 'text', 'locales', 'fa'), { recursive: true });
    writeFileSync(join(src, 'text', 'locales', 'fa', 'order.ftl'), 'order-start = سفارش\n');
    writeFileSync(join(src, 'text', 'format.ts'), 'export {};\n');

    const copied = copyAssets(src, dist);

    expect(copied).toEqual([join('text', 'locales', 'fa', 'order.ftl')]);
    expect(readFileSync(join(dist, 'text', 'locales', 'fa', 'order.ftl'), 'utf8')).toBe('order-start = سفارش\n');
    expect(existsSync(join(dist, 'text', 'format.ts'))).toBe(false);
  });
});
