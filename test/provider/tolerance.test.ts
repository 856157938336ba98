import { describe, expect, it } from 'vitest';
import { OrderOutcomeUnknownError, ProviderResponseError } from '../../src/provider/errors.js';
import { envelope } from '../support/scripted-server.js';
import { clientFor, rejectionOf, scripted } from './setup.js';

const product = {
  id: 101,
  title: 'Google Play 10 USD',
  description: 'کد گیفت کارت گوگل پلی آمریکا',
  categoryId: 3,
  regionProperties: [{ regionPropertyId: 5001, title: 'US', price: 1_250_000, stock: 12 }],
  requiredFields: [{ fieldId: 7, title: 'ایمیل گیرنده', type: 'email', required: true }],
};

const order = {
  orderId: 9001,
  orderReference: 'A100234',
  amount: 2_500_000,
  status: 'COMPLETED',
  createdAt: '2026-11-21T10:00:00Z',
  items: [
    {
      id: 1,
      productId: 101,
      regionPropertyId: 5001,
      quantity: 2,
      totalAmount: 2_500_000,
      delivery: { cards: [{ code: 'GP7Q-2XKM-99LA', pin: '4410' }], instructions: 'کد را وارد کنید' },
    },
  ],
};

const orderBody = { products: [{ productId: 101, regionPropertyId: 5001, quantity: 1 }] };

describe('response tolerance', () => {
  it('reads a product whose every object carries unknown extra fields', async () => {
    const server = await scripted([
      {
        body: envelope(
          {
            ...product,
            vendorSku: 'X-1',
            regionProperties: [{ ...product.regionProperties[0], currency: 'IRR', tags: ['a'] }],
            requiredFields: [{ ...product.requiredFields[0], placeholder: 'name@example.com' }],
          },
          { traceId: 'abc', meta: { served: 'edge-3' } },
        ),
      },
    ]);
    const detail = await clientFor(server.baseUrl).getProduct(101);
    expect(detail.regionProperties[0]).toMatchObject({ regionPropertyId: 5001, price: 1_250_000, stock: 12 });
    expect(detail.requiredFields[0]).toMatchObject({ fieldId: 7, type: 'email', required: true });
  });

  it('turns missing optional fields into null', async () => {
    const server = await scripted([{ body: envelope([{ id: 101, title: 'Google Play 10 USD' }]) }]);
    const page = await clientFor(server.baseUrl).listProducts({ page: 1, pageSize: 20 });
    expect(page.items).toEqual([
      { id: 101, title: 'Google Play 10 USD', categoryId: null, imageUrl: null, isAvailable: null },
    ]);
  });

  it('fills the optional attributes of a required field with null and treats it as required', async () => {
    const server = await scripted([
      { body: envelope({ ...product, requiredFields: [{ fieldId: 7, title: 'ایمیل', type: 'email' }] }) },
    ]);
    const detail = await clientFor(server.baseUrl).getProduct(101);
    expect(detail.requiredFields[0]).toEqual({
      fieldId: 7,
      title: 'ایمیل',
      type: 'email',
      required: true,
      pattern: null,
      minLength: null,
      maxLength: null,
      hint: null,
    });
  });

  it('treats an unknown required-field type as text', async () => {
    const server = await scripted([
      { body: envelope({ ...product, requiredFields: [{ ...product.requiredFields[0], type: 'steam-id' }] }) },
    ]);
    const detail = await clientFor(server.baseUrl).getProduct(101);
    expect(detail.requiredFields[0]?.type).toBe('text');
  });

  it('reads a product without a required-fields list as having none', async () => {
    const { requiredFields: _omitted, ...withoutFields } = product;
    const server = await scripted([{ body: envelope(withoutFields) }]);
    const detail = await clientFor(server.baseUrl).getProduct(101);
    expect(detail.requiredFields).toEqual([]);
  });

  it('reads ids and amounts sent as numeric strings', async () => {
    const server = await scripted([{ body: envelope({ id: '77', type: 'DEBIT', amount: '2500000', balanceAfter: '12500000.00' }) }]);
    const transaction = await clientFor(server.baseUrl).getTransaction(77);
    expect(transaction).toMatchObject({ id: 77, amount: 2_500_000, balanceAfter: 12_500_000, orderId: null });
  });

  it('refuses an amount with a fraction rather than rounding it', async () => {
    const server = await scripted([{ body: envelope({ balance: '1250000.5' }) }]);
    const error = await rejectionOf(clientFor(server.baseUrl).getBalance());
    expect(error).toBeInstanceOf(ProviderResponseError);
    expect((error as ProviderResponseError).fieldPath).toBe('data.balance');
  });

  it('names the field whose type is wrong', async () => {
    const server = await scripted([
      {
        body: envelope({
          ...product,
          regionProperties: [{ regionPropertyId: 5001, title: 'US', price: 'expensive', stock: 12 }],
        }),
      },
    ]);
    const error = await rejectionOf(clientFor(server.baseUrl).getProduct(101));
    expect(error).toBeInstanceOf(ProviderResponseError);
    expect((error as ProviderResponseError).fieldPath).toBe('data.regionProperties[0].price');
    expect((error as Error).message).toContain('data.regionProperties[0].price');
  });

  it('names a documented field that is missing', async () => {
    const { orderReference: _omitted, ...withoutReference } = order;
    const server = await scripted([{ body: envelope(withoutReference) }]);
    const error = await rejectionOf(clientFor(server.baseUrl).getOrder(9001));
    expect(error).toBeInstanceOf(ProviderResponseError);
    expect((error as Error).message).toContain('data.orderReference is missing');
  });

  it('reports an envelope without data as missing data', async () => {
    const server = await scripted([{ body: { status: 'success', code: 200, message: 'ok' } }]);
    const error = await rejectionOf(clientFor(server.baseUrl).getBalance());
    expect((error as ProviderResponseError).fieldPath).toBe('data');
  });

  it('keeps an unknown order state as it is', async () => {
    const server = await scripted([{ body: envelope({ ...order, status: 'MYSTERY_STATE' }) }]);
    const detail = await clientFor(server.baseUrl).getOrder('A100234');
    expect(detail.status).toBe('MYSTERY_STATE');
  });

  it('keeps a delivery section of a different shape untouched', async () => {
    const delivery = {
      voucher: { number: '9911-2233', validUntil: null },
      links: ['https://redeem.example/x'],
      notes: [{ lang: 'fa', text: 'کد را وارد کنید' }],
    };
    const item = { ...order.items[0], delivery };
    const server = await scripted([{ body: envelope({ ...order, items: [item] }) }]);
    const detail = await clientFor(server.baseUrl).getOrder(9001);
    expect(detail.items[0]?.delivery).toEqual(delivery);
  });

  it('reads a missing delivery section as null', async () => {
    const { delivery: _omitted, ...withoutDelivery } = order.items[0]!;
    const server = await scripted([{ body: envelope({ ...order, status: 'PREPARING', items: [withoutDelivery] }) }]);
    const detail = await clientFor(server.baseUrl).getOrder(9001);
    expect(detail.items[0]?.delivery).toBeNull();
  });

  it('calls an order confirmation without orderId an unknown outcome and names the field', async () => {
    const server = await scripted([
      { body: envelope({ orderReference: 'A100234', amount: 1_250_000, status: 'PREPARING', items: [] }) },
    ]);
    const error = await rejectionOf(clientFor(server.baseUrl).placeOrder(orderBody));
    expect(error).toBeInstanceOf(OrderOutcomeUnknownError);
    expect((error as OrderOutcomeUnknownError).cause).toBe('invalid-response');
    expect((error as Error).message).toContain('data.orderId is missing');
    expect((error as Error).message).toContain('may or may not exist');
  });

  it('reads the wallet, categories and order history with extra fields present', async () => {
    const server = await scripted((request) => {
      if (request.path === '/wallet/balance') return { body: envelope({ balance: 15_000_000, currency: 'IRR' }) };
      if (request.path === '/products/categories') {
        return { body: envelope([{ id: 3, title: 'گوگل پلی', parentId: null, icon: 'gp.png' }, { id: 4, title: 'Sub', parentId: '3' }]) };
      }
      return {
        body: envelope([{ orderId: 9001, orderReference: 'A100234', amount: 2_500_000, status: 'PROCESSING', channel: 'api' }]),
      };
    });
    const client = clientFor(server.baseUrl);
    expect(await client.getBalance()).toMatchObject({ balance: 15_000_000 });
    expect(await client.listCategories()).toMatchObject([
      { id: 3, parentId: null },
      { id: 4, parentId: 3 },
    ]);
    const history = await client.listOrders({ page: 1, pageSize: 20 });
    expect(history.items[0]).toMatchObject({ orderId: 9001, status: 'PROCESSING', createdAt: null });
  });
});
