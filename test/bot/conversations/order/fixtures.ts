import type { ProductDetail, RegionProperty, RequiredField } from '../../../../src/provider/schemas.js';

export function region(regionPropertyId: number, stock = 10, price = 1_000): RegionProperty {
  return { regionPropertyId, title: `R${regionPropertyId}`, price, stock };
}

export function field(fieldId: number, overrides: Partial<RequiredField> = {}): RequiredField {
  return {
    fieldId,
    title: `Field ${fieldId}`,
    type: 'text',
    required: true,
    pattern: null,
    minLength: null,
    maxLength: null,
    hint: null,
    ...overrides,
  };
}

export function productWith(regions: RegionProperty[], fields: RequiredField[] = [], id = 500): ProductDetail {
  return { id, title: `Product ${id}`, description: null, categoryId: 1, regionProperties: regions, requiredFields: fields };
}
