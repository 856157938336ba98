/** 1-based pages; a page past the end shows the last one so that old buttons still lead somewhere. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface PageOf<T> {
  items: T[];
  page: number;
  /** Always at least 1, even when there are no items. */
  pageCount: number;
  total: number;
}

interface ResolvedPage {
  page: number;
  pageSize: number;
  pageCount: number;
  offset: number;
}

export function resolvePage(request: PageRequest, total: number): ResolvedPage {
  const pageSize = Math.max(1, Math.floor(request.pageSize) || 1);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const wanted = Math.floor(request.page) || 1;
  const page = Math.min(Math.max(1, wanted), pageCount);
  return { page, pageSize, pageCount, offset: (page - 1) * pageSize };
}
