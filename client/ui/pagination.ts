// docs/producto.md §2, §9 pagination: 10 a page from page 1, 'Mostrando a a b de N resultados' (loans, clients).
export const PAGE_SIZE = 10;

export interface PageInfo {
  page: number;
  totalPages: number;
  totalItems: number;
  /** 1-based positions of the first and last item shown; 0 and 0 when there are none. */
  from: number;
  to: number;
}

/** Where `page` lands among `totalItems`; a page past the end shows the last one. */
export function pageInfo(requested: number, totalItems: number, perPage: number = PAGE_SIZE): PageInfo {
  const totalPages = Math.max(1, Math.ceil(totalItems / perPage));
  const page = Math.min(Math.max(1, Math.floor(requested)), totalPages);
  const from = totalItems === 0 ? 0 : (page - 1) * perPage + 1;
  return { page, totalPages, totalItems, from, to: Math.min(totalItems, page * perPage) };
}

export const pageRows = <T>(rows: readonly T[], info: PageInfo): readonly T[] =>
  info.totalItems === 0 ? [] : rows.slice(info.from - 1, info.to);

/** 'Mostrando 1 a 10 de 57 resultados'. */
export const paginationText = (info: PageInfo): string =>
  `Mostrando ${info.from} a ${info.to} de ${info.totalItems} resultados`;

/** 'Mostrando 12 de 80 préstamos' (docs/producto.md §2). */
export const countText = (shown: number, total: number): string =>
  `Mostrando ${shown} de ${total} ${total === 1 ? 'préstamo' : 'préstamos'}`;
