import type { Api } from 'grammy';
import type { CodeCaseStore } from '../../db/code-case-store.js';
import type { OrderQueries } from '../../db/order-queries.js';
import { isOpenCase } from '../../domain/code-cases.js';
import type { Statement } from '../../ledger/statement.js';
import type { Logger } from '../../logger.js';
import { plain } from '../../text/formatted.js';
import { readerViewOf, showAmount, type Presentation } from '../../text/presentation.js';
import { orderName } from '../order-views/order-view.js';
import type { CaseTellersOf } from './case-tellers.js';
import { caseNumber } from './case-texts.js';

/** Closes the cases a statement's refunds settle; `api`: the connection the orderer is told over. */
export type SettleCaseRefunds = (statement: Statement, api: Api) => Promise<void>;

/**
 * A refund the statement matched to an order with open cases closes each
 * as refunded: giftdesk itself is the actor in the audit row, the
 * transaction its reason, and the orderer is told in their language.
 * A case already moved meanwhile is left as it is (the move compares the
 * state it read).
 */
export function caseRefundSettler(deps: {
  cases: Pick<CodeCaseStore, 'get' | 'move'>;
  orders: Pick<OrderQueries, 'byId'>;
  tellers: CaseTellersOf;
  presentation: Presentation;
  logger: Logger;
}): SettleCaseRefunds {
  return async (statement, api) => {
    // One refund settles every open case of its order (one per card reported).
    for (const [refund, caseId] of statement.caseRefunds.flatMap((refund) => (refund.closes ? refund.open.map((id) => [refund, id] as const) : []))) {
      const row = await deps.cases.get(caseId);
      if (!row || !isOpenCase(row.state)) continue;
      const moved = await deps.cases.move(row.id, row.state, 'refunded', null, { transaction: refund.entry.id });
      if (moved.kind !== 'moved') continue;
      deps.logger.info({ caseId: row.id, orderId: row.orderId, transactionId: refund.entry.id }, 'case closed as refunded by the statement');
      const order = await deps.orders.byId(row.orderId);
      if (!order) continue;
      await deps.tellers(api).tellPerson(row.ordererId, (t, locale) => {
        const v = readerViewOf(deps.presentation, locale, t);
        return plain(t('case-news-refunded', { case: caseNumber(v, row.id), order: orderName(order), amount: showAmount(v, refund.entry.amount) }));
      });
    }
  };
}
