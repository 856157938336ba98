import { MAX_SEARCH_RESULTS } from '../text/search-query.js';
import type { CatalogReads } from '../db/catalog-store.js';
import type { CostCentre } from '../db/cost-centre-store.js';
import { ProviderNotFoundError } from '../provider/errors.js';
import type { ProductDetail } from '../provider/schemas.js';
import { normaliseDigits } from '../text/digits.js';
import type { BatchCatalog } from './batch-check.js';
import { columnKey } from './columns.js';

/**
 * The batch check's catalog from the stored catalog and the provider: a
 * product cell is an id when it is digits only (Persian digits too) and the
 * catalog has that product, else a title, found through the catalog's
 * search and kept only where the whole title matches. The search lists at
 * most MAX_SEARCH_RESULTS products, so a title whose every word a hundred
 * other titles share may not be found: the row then names it by id.
 * A product administrators hid is found by its id or its title, marked
 * hidden, so that the row says it is not orderable rather than unknown.
 */
export function batchCatalog(deps: {
  catalog: Pick<CatalogReads, 'product' | 'search' | 'hiddenAmong'>;
  provider: { getProduct(id: number): Promise<ProductDetail> };
  /** Every cost centre, retired ones too: a file's cost centre column names them. */
  costCentres?: () => Promise<readonly Pick<CostCentre, 'id' | 'name' | 'code' | 'retiredAt'>[]>;
}): BatchCatalog {
  const costCentres = deps.costCentres;
  return {
    ...(costCentres ? { costCentres: async () => (await costCentres()).map(({ id, name, code, retiredAt }) => ({ id, name, code, retired: retiredAt !== null })) } : {}),
    async findProducts(idOrTitle) {
      const text = idOrTitle.trim();
      const digits = normaliseDigits(text);
      if (/^[0-9]{1,15}$/.test(digits)) {
        const product = await deps.catalog.product(Number(digits));
        if (product) return [{ id: product.id, title: product.title, hidden: product.hidden }];
      }
      const key = columnKey(text);
      if (key === '') return [];
      // Hidden products too, so that a row naming one is told it is hidden rather than unknown.
      const page = await deps.catalog.search({ query: text, page: 1, pageSize: MAX_SEARCH_RESULTS, includeHidden: true });
      const titled = page.items.filter((product) => columnKey(product.title) === key);
      const hidden = new Set(await deps.catalog.hiddenAmong(titled.map((product) => product.id)));
      const found = titled.map((product) => ({ id: product.id, title: product.title, hidden: hidden.has(product.id) }));
      // Staff see only what is shown: a title that a shown product also bears means that one.
      const shown = found.filter((product) => !product.hidden);
      return shown.length > 0 ? shown : found.slice(0, 1);
    },
    async productDetail(id) {
      try {
        return await deps.provider.getProduct(id);
      } catch (error) {
        // Gone since the catalog was synced: the row names no product. Other failures are the caller's to tell.
        if (error instanceof ProviderNotFoundError) return null;
        throw error;
      }
    },
  };
}
