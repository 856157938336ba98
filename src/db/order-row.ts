import type { Tables } from './seam/tables.js';

/** An order as the orders table holds it, read alike from either database (seam/tables.ts checks that). */
export type OrderRow = Tables['orders']['$inferSelect'];
