import type { LedgerOrder } from '../../db/ledger-store.js';
import type { CostCentreName } from '../../domain/cost-centre.js';
import type { Statement } from '../../ledger/statement.js';

/** Reads cost centres by id, retired ones too (an order names the one it was placed for). */
export type CostCentresByIds = (ids: readonly number[]) => Promise<ReadonlyMap<number, CostCentreName>>;

/** Every order the statement names: matched to a transaction, without one, or waiting for its debit. */
export function ordersOf(statement: Pick<Statement, 'rows' | 'exceptions' | 'awaitingDebit'>): LedgerOrder[] {
  return [
    ...statement.rows.flatMap(({ match }) => ('order' in match && match.order ? [match.order] : [])),
    ...statement.exceptions.flatMap((exception) => ('order' in exception && exception.order ? [exception.order] : [])),
    ...statement.awaitingDebit,
  ];
}

/** The cost centres the statement's orders name, read once for its file and chart, and only when an order names one. */
export async function costCentresOf(statement: Pick<Statement, 'rows' | 'exceptions' | 'awaitingDebit'>, byIds: CostCentresByIds | undefined): Promise<ReadonlyMap<number, CostCentreName>> {
  const ids = ordersOf(statement).flatMap((order) => (order.costCentreId === null ? [] : [order.costCentreId]));
  return ids.length > 0 && byIds ? byIds(ids) : new Map();
}
