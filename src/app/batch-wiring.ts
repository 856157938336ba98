import { batchCatalog } from '../batches/batch-catalog.js';
import type { BatchDetails } from '../batches/batch-details.js';
import { createBatchLimitCheck } from '../batches/batch-limits.js';
import { createBatchNotices, type BatchNotices } from '../batches/batch-notices.js';
import { createBatchRunner, type BatchRunner } from '../batches/batch-runner.js';
import { createBatchService, type BatchService } from '../batches/batch-service.js';
import { createBatchApprovalCards, type BatchApprovalCards } from '../batches/batch-approval-cards.js';
import type { BatchViewContext } from '../batches/batch-views.js';
import { createBatchExpirySweep } from '../batches/batch-expiry.js';
import { formatId } from '../text/format.js';
import { createBatchChatPort } from '../bot/batch-port.js';
import { plain } from '../text/formatted.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { translatorFor } from '../text/i18n.js';
import type { Services } from './services.js';
import { withCallSignal } from '../provider/call-signal.js';
import { readerViewOf } from '../text/presentation.js';

type BatchWiringDeps = {
  config: Config;
  services: Services;
  clock: Clock;
  logger: Logger;
  /** The background's: aborted when the process stops, ending the reads that wait their turn behind staff. */
  shutdown?: AbortSignal;
};

/** How a person other than the reader of an update is written to in batch messages. */
export function batchViewFor(deps: Pick<BatchWiringDeps, 'services'>): (personId: number) => BatchViewContext {
  return (personId) => {
    const locale = deps.services.localeOf(personId);
    return readerViewOf(deps.services.presentation, locale, translatorFor(locale));
  };
}

/** Batches as chats handle them: drafts, one Confirm judged as a whole, Stop, Continue, approval. */
export function createBatchServiceOf({ config, services, clock, logger }: BatchWiringDeps): BatchService {
  const { approvals, dualControl } = services;
  return createBatchService({
    store: services.stores.batches,
    limits: createBatchLimitCheck({ rules: services.spendingRules, counter: services.spendingCounter, clock }),
    approvalNeeded: (personId, total) => approvals.needsApproval(personId, total),
    budgets: services.budgets,
    pause: services.stores.orderingPause,
    // Read at the press, as an order's approval is: another administrator, or oneself only when nobody else can and dual control allows.
    mayApprove: async (approverId, requesterId) => {
      await services.viewFreshness.check();
      if (services.staff.current.find(approverId)?.role !== 'admin') return false;
      if (!approvals.approversFor({ requesterId }).includes(approverId)) return false;
      return approverId !== requesterId || !(await dualControl.selfApprovalHeld());
    },
    // The same deadline as a single request's: one setting for everything that waits for an administrator.
    approvalExpiryMs: config.approvalExpiryMinutes * 60_000,
    clock,
    logger: logger.child({ component: 'batches' }),
  });
}

/**
 * Where a batch waiting for an administrator is announced: the
 * administrators' group's approvals topic where one is bound (and private
 * copies to those who asked), otherwise each approver privately, as an
 * order's approval card is.
 */
export function createBatchApprovalCardsOf({ config, services, logger }: Omit<BatchWiringDeps, 'clock'>): BatchApprovalCards {
  return createBatchApprovalCards({
    send: services.send,
    replaceText: services.replaceText,
    cards: services.stores.cardLocations.of('batch'),
    groupPlace: services.approvalsPlace,
    approvers: (requesterId) => services.approvals.approversFor({ requesterId }),
    viewFor: batchViewFor({ services }),
    viewIn: (locale) => readerViewOf(services.presentation, locale, translatorFor(locale)),
    groupLocale: config.defaultLocale,
    describePerson: services.describePerson,
    batchNow: (id) => services.stores.batches.get(id),
    logger: logger.child({ component: 'batches' }),
  });
}

/** One pass of the batch approval expiry: lapsed batches expired, their cards settled, their orderers told (batch-expiry.ts). */
export function createBatchExpirySweepOf(deps: BatchWiringDeps): () => Promise<void> {
  const { services } = deps;
  const viewFor = batchViewFor({ services });
  return createBatchExpirySweep({
    batches: createBatchServiceOf(deps),
    batchNow: (id) => services.stores.batches.get(id),
    cards: createBatchApprovalCardsOf(deps),
    news: services.stores.expiryNews,
    tellRequester: async (batch) => {
      // Removed since asking: what they ordered is no longer theirs to read.
      if (services.staff.current.find(batch.requesterId) === null) return;
      const reader = viewFor(batch.requesterId);
      await services.send(batch.chatId, { text: plain(reader.t('batch-expired', { id: formatId(batch.id, reader.locale) })) });
    },
    logger: deps.logger.child({ component: 'batches' }),
  });
}

/** The batch catalog the file check and the quantity batch read: the stored catalog for names, the provider for prices, stock and fields. */
export const batchCatalogOf = (services: Services) =>
  batchCatalog({ catalog: services.catalog, provider: { getProduct: (id) => services.provider.getProduct(id, { priority: 'interactive' }) }, costCentres: () => services.stores.costCentres.list() });

/** Progress, held questions and the file of codes, through the services' fan-out connection (paced, 429s waited out). */
export function createBatchNoticesOf({ config, services, clock, logger, details, shutdown }: BatchWiringDeps & { details?: Pick<BatchDetails, 'take'> }): BatchNotices {
  // Its reads end at shutdown rather than wait their turn behind staff.
  const provider = withCallSignal(services.provider, shutdown);
  return createBatchNotices({
    store: services.stores.batches,
    port: createBatchChatPort(services.fanOutApi),
    viewFor: batchViewFor({ services }),
    // Both halves of the identity are checked, as for a delivery: another order's codes never reach this file.
    readDetail: (order) => {
      const kept = details?.take(order.id);
      if (kept) return Promise.resolve(kept);
      const reference = order.providerOrderId ?? order.providerReference;
      if (reference === null) return Promise.resolve(null);
      return provider.getOrder(reference, { priority: 'background', known: { orderId: order.providerOrderId, orderReference: order.providerReference } });
    },
    mayReceiveCodes: (personId) => {
      const member = services.staff.current.find(personId);
      return member !== null && member.role !== 'viewer';
    },
    freshen: () => services.viewFreshness.check(),
    onCodesSent: (sent) => services.stores.codeMessages.record(sent),
    audit: services.stores.auditTrail,
    clock,
    logger: logger.child({ component: 'batches' }),
  });
}

/** Places running batches' orders one after another, on the instance that holds the background work. */
export function createBatchRunnerOf(deps: BatchWiringDeps & { notices: BatchNotices }): BatchRunner {
  const { services, notices, clock, logger } = deps;
  return createBatchRunner({
    store: services.stores.batches,
    orders: services.orders,
    // Its reads end at shutdown; a POST never does (call-signal.ts).
    provider: withCallSignal(services.provider, deps.shutdown),
    pause: services.stores.orderingPause,
    hiddenProducts: (ids) => services.catalog.hiddenAmong(ids),
    onProgress: (batch, options) => notices.progress(batch, options),
    onHeld: (batch, price) => notices.held(batch, price),
    onSettled: (batch, orders) => notices.settled(batch, orders),
    clock,
    logger: logger.child({ component: 'batches' }),
  });
}
