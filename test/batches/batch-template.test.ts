import { describe, expect, it } from 'vitest';
import { checkBatch } from '../../src/batches/batch-check.js';
import { readBatchFile } from '../../src/batches/batch-file.js';
import { batchTemplate } from '../../src/batches/batch-template.js';
import { SANDBOX_PRODUCTS as P } from '../../src/sandbox/server.js';
import { sandboxCatalog } from './sandbox-catalog.js';

const bytesOf = (text: string) => new TextEncoder().encode(text);

describe('the batch template', () => {
  const world = sandboxCatalog();

  it('starts with a BOM and lists the fixed columns, then the product\'s questions by title', async () => {
    const text = batchTemplate(await world.provider.getProduct(P.twoFields));
    expect([...bytesOf(text).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text).toBe('\uFEFFproduct,region,quantity,ایمیل گیرنده,شماره موبایل گیرنده\r\n103,US,,,\r\n');
  });

  it('leaves the region empty for a product with several', async () => {
    expect(batchTemplate(await world.provider.getProduct(P.multiRegion))).toBe('\uFEFFproduct,region,quantity\r\n104,,\r\n');
  });

  it('reads back and, once filled in, passes the check', async () => {
    const template = batchTemplate(await world.provider.getProduct(P.twoFields));
    const filled = template.replace('103,US,,,', '103,US,3,ali@example.com,09121234567');
    const file = await readBatchFile(bytesOf(filled), { maxRows: 500 });
    if (!file.ok) throw new Error(file.reason);
    expect(await checkBatch(file, world.catalog)).toMatchObject({ ok: true, lines: [{ quantity: 3, fields: [{ fieldId: 7 }, { fieldId: 8 }] }] });
  });

  it('names a field by its id where its title would not read back as that field', async () => {
    const detail = await world.provider.getProduct(P.unusualFields);
    const fields = [
      { ...detail.requiredFields[0]!, title: 'Quantity' },
      { ...detail.requiredFields[1]!, title: '=Name' },
    ];
    const text = batchTemplate({ ...detail, requiredFields: fields });
    expect(text.split('\r\n')[0]).toBe('\uFEFFproduct,region,quantity,field-9,field-10');
  });
});
