import type { SandboxCategory, SandboxField, SandboxProduct, SandboxRegion } from './types.js';

/** Ids of the seed products that tests and manual checks rely on. */
export const SANDBOX_PRODUCTS = {
  noFields: 101,
  oneField: 102,
  twoFields: 103,
  multiRegion: 104,
  outOfStock: 105,
  alwaysFails: 106,
  actionRequired: 107,
  trickyName: 108,
  /** A required `number` field and an optional field of a type the contract does not name. */
  unusualFields: 109,
  /** One required free-text field without a length limit. */
  freeText: 133,
} as const;

/** First id of the products generated for `catalogSize`. */
export const GENERATED_PRODUCT_BASE_ID = 100_000;

const SANDBOX_CATEGORIES: readonly SandboxCategory[] = [
  { id: 1, title: 'گوگل پلی', parentId: null },
  { id: 2, title: 'Apple iTunes', parentId: null },
  { id: 3, title: 'استیم', parentId: null },
  { id: 4, title: 'PlayStation', parentId: null },
  { id: 5, title: 'Xbox', parentId: null },
  { id: 6, title: 'بازی‌های موبایل', parentId: null },
  { id: 7, title: 'PUBG Mobile', parentId: 6 },
  { id: 8, title: 'سرویس‌های پخش', parentId: null },
];

const EMAIL_FIELD: SandboxField = {
  fieldId: 7,
  title: 'ایمیل گیرنده',
  type: 'email',
  required: true,
  hint: 'کد به این ایمیل فرستاده می‌شود',
};

const PHONE_FIELD: SandboxField = {
  fieldId: 8,
  title: 'شماره موبایل گیرنده',
  type: 'phone',
  required: true,
  pattern: '^\\+?[0-9]{10,14}$',
  minLength: 10,
  maxLength: 15,
  hint: 'مثلاً 09121234567 یا +989121234567',
};

const PLAYER_ID_FIELD: SandboxField = {
  fieldId: 9,
  title: 'شناسه بازیکن',
  type: 'number',
  required: true,
  minLength: 5,
  maxLength: 12,
};

const MESSAGE_FIELD: SandboxField = {
  fieldId: 11,
  title: 'متن پیام تبریک',
  type: 'text',
  required: true,
};

const NICKNAME_FIELD: SandboxField = {
  fieldId: 10,
  title: 'نام مستعار',
  type: 'nickname',
  required: false,
  maxLength: 20,
};

type RegionFactory = (title: string, price: number, stock: number) => SandboxRegion;

function createRegionFactory(firstId: number): RegionFactory {
  let nextId = firstId;
  return (title, price, stock) => ({ regionPropertyId: nextId++, title, price, stock });
}

interface ProductInput {
  id: number;
  title: string;
  categoryId: number | null;
  regions: SandboxRegion[];
  requiredFields?: SandboxField[];
  outcome?: string;
  description?: string | null;
  imageUrl?: string | null;
  instructions?: string;
}

function product(input: ProductInput): SandboxProduct {
  return {
    id: input.id,
    title: input.title,
    description: input.description === undefined ? `کد دیجیتال ${input.title}` : input.description,
    categoryId: input.categoryId,
    imageUrl: input.imageUrl === undefined ? `https://cdn.sandbox.invalid/products/${input.id}.png` : input.imageUrl,
    regions: input.regions,
    requiredFields: input.requiredFields ?? [],
    outcome: input.outcome ?? 'COMPLETED',
    instructions: input.instructions ?? 'کد را در بخش Redeem حساب خود وارد کنید',
  };
}

/** Builds fresh seed products; stock is mutable, so every sandbox gets its own copy. */
function createSeedProducts(): SandboxProduct[] {
  const region = createRegionFactory(5001);
  const p = SANDBOX_PRODUCTS;
  const special = [
    product({ id: p.noFields, title: 'Google Play 10 USD', categoryId: 1, regions: [region('US', 1_250_000, 50)],
      instructions: 'کد را در Google Play وارد کنید' }),
    product({ id: p.oneField, title: 'گیفت کارت اپل ۲۵ دلاری', categoryId: 2, regions: [region('US', 3_100_000, 40)],
      requiredFields: [EMAIL_FIELD] }),
    product({ id: p.twoFields, title: 'Netflix 30 USD', categoryId: 8, regions: [region('US', 3_700_000, 30)],
      requiredFields: [EMAIL_FIELD, PHONE_FIELD] }),
    product({ id: p.multiRegion, title: 'Steam Wallet 20', categoryId: 3,
      regions: [region('US', 2_450_000, 20), region('EU', 2_700_000, 0), region('TR', 900_000, 15)] }),
    product({ id: p.outOfStock, title: 'PlayStation Network 50 USD', categoryId: 4,
      regions: [region('US', 6_100_000, 0), region('UK', 6_900_000, 0)] }),
    product({ id: p.alwaysFails, title: 'گیفت کارت ایکس باکس ۱۵ دلاری', categoryId: 5,
      regions: [region('US', 1_900_000, 25)], outcome: 'FAILED' }),
    product({ id: p.actionRequired, title: 'PUBG Mobile 660 UC', categoryId: 7,
      regions: [region('Global', 1_150_000, 25)], outcome: 'ACTION_REQUIRED' }),
    product({ id: p.trickyName, title: 'Steam <Wallet> & Co_*[EU]*', categoryId: 3,
      regions: [region('EU', 1_600_000, 10)], description: 'Chars: < > & _ * [ ] ` ~ |' }),
    product({ id: p.unusualFields, title: 'Free Fire 520 Diamonds', categoryId: 6,
      regions: [region('Global', 480_000, 60)], requiredFields: [PLAYER_ID_FIELD, NICKNAME_FIELD], imageUrl: null }),
  ];
  const plain: [string, number | null, string, number, number][] = [
    ['گیفت کارت گوگل پلی ۱۰ دلاری', 1, 'US', 1_260_000, 35],
    ['گیفت کارت گوگل پلی ۲۵ دلاری', 1, 'US', 3_150_000, 35],
    ['Google Play 50 USD', 1, 'US', 6_300_000, 12],
    ['Google Play 100 TRY', 1, 'TR', 380_000, 80],
    ['Apple iTunes 10 USD', 2, 'US', 1_280_000, 45],
    ['گیفت کارت اپل ۵۰ دلاری', 2, 'US', 6_350_000, 8],
    ['Apple iTunes 100 AED', 2, 'AE', 3_400_000, 9],
    ['Steam Wallet 50 USD', 3, 'US', 6_050_000, 14],
    ['استیم ۱۰۰ لیر ترکیه', 3, 'TR', 420_000, 70],
    ['PlayStation Plus Essential 3 Months', 4, 'US', 3_000_000, 16],
    ['پلی استیشن ۲۰ دلاری', 4, 'US', 2_500_000, 22],
    ['Xbox Game Pass Ultimate 1 Month', 5, 'US', 2_150_000, 18],
    ['ایکس باکس ۵۰ دلاری', 5, 'US', 6_200_000, 6],
    ['PUBG Mobile 325 UC', 7, 'Global', 580_000, 100],
    ['پابجی موبایل ۱۸۰۰ یوسی', 7, 'Global', 2_900_000, 30],
    ['Clash of Clans Gold Pass', 6, 'Global', 650_000, 40],
    ['Spotify Premium 1 Month', 8, 'US', 950_000, 50],
    ['اشتراک یک‌ماهه نتفلیکس', 8, 'TR', 1_100_000, 20],
    ['Razer Gold 10 USD', null, 'Global', 1_240_000, 25],
    ['Roblox 800 Robux', 6, 'Global', 1_300_000, 33],
    ['Amazon Gift Card 25 USD', null, 'US', 3_200_000, 11],
    ['گیفت کارت آمازون ۱۰ دلاری', null, 'US', 1_300_000, 27],
  ];
  const rest = plain.map(([title, categoryId, regionTitle, price, stock], index) =>
    product({ id: 110 + index, title, categoryId, regions: [region(regionTitle, price, stock)],
      imageUrl: index % 4 === 3 ? null : undefined, description: index % 5 === 4 ? null : undefined }),
  );
  // Last, so that the region ids of the products above stay what they were.
  const greeting = product({ id: p.freeText, title: 'Greeting Card 5 USD', categoryId: null, regions: [region('Global', 650_000, 40)],
    requiredFields: [MESSAGE_FIELD] });
  return [...special, ...rest, greeting];
}

/** Extra products for the "thousands of products" case: plain, orderable, deterministic. */
function createGeneratedProducts(count: number): SandboxProduct[] {
  const products: SandboxProduct[] = [];
  for (let i = 0; i < count; i++) {
    const id = GENERATED_PRODUCT_BASE_ID + i + 1;
    const category = SANDBOX_CATEGORIES[i % SANDBOX_CATEGORIES.length];
    const amount = 5 + (i % 20) * 5;
    const title = i % 2 === 0 ? `گیفت کارت نمونه ${amount} دلاری شماره ${i + 1}` : `Sample Gift Card ${amount} USD #${i + 1}`;
    products.push(
      product({
        id,
        title,
        categoryId: category?.id ?? null,
        regions: [{ regionPropertyId: 1_000_000 + i + 1, title: 'US', price: amount * 125_000, stock: 100 }],
        imageUrl: null,
      }),
    );
  }
  return products;
}

export interface SandboxCatalog {
  categories: readonly SandboxCategory[];
  /** Ordered by id; the order of GET /products. */
  products: SandboxProduct[];
  byId: Map<number, SandboxProduct>;
}

export function createCatalog(catalogSize: number): SandboxCatalog {
  const products = [...createSeedProducts(), ...createGeneratedProducts(catalogSize)].sort((a, b) => a.id - b.id);
  return { categories: SANDBOX_CATEGORIES, products, byId: new Map(products.map((p) => [p.id, p])) };
}
