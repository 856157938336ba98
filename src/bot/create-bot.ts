import { conversations, createConversation } from '@grammyjs/conversations';
import { Bot, type Context } from 'grammy';
import { createCommandMenus } from './commands.js';
import type { BotContext } from './context.js';
import { createKeptOrders } from './conversations/order/kept-orders.js';
import { continueHandedOver } from './conversations/order/step-handover.js';
import { orderMenuIn } from './conversations/order/stored-menu.js';
import { createOrderConversation } from './conversations/order/order-conversation.js';
import { rightToLeftLayout } from './right-to-left.js';
import { sandboxBadge } from './sandbox-badge.js';
import { telegramRetry } from './telegram-api.js';
import { createApprovalRequester } from './conversations/order/request-approval.js';
import { conversationRetry } from './conversations/order/telegram-retry.js';
import { auditFeature } from './features/audit.js';
import { balanceFeature } from './features/balance.js';
import { cancelFeature } from './features/cancel.js';
import { confirmedPressFeature } from './features/confirmed-press.js';
import { exportFeature } from './features/export.js';
import { statementFeature } from './features/statement.js';
import { walletWatchFeature } from './features/wallet-watch.js';
import { feedAndDigestFeature } from './features/feed-and-digest.js';
import { expiryFeature } from './features/expiry.js';
import { helpFeature } from './features/help.js';
import { languageFeature } from './features/language.js';
import { limitsFeature } from './features/limits.js';
import { lowBalanceFeature } from './features/low-balance.js';
import { dropOrdersOfViewers, ORDER_CONVERSATION, orderFeature } from './features/order.js';
import { orderAgainFeature } from './features/order-again.js';
import { orderingPauseFeature } from './features/ordering-pause.js';
import { ordersFeature } from './features/orders.js';
import { reviewFeature } from './features/review.js';
import { retentionFeature } from './features/retention.js';
import { settingsFeature } from './features/settings.js';
import { catalogAdminFeature } from './features/catalog-admin.js';
import { staffFeature } from './features/staff.js';
import { syncFeature } from './features/sync.js';
import { trackFeature } from './features/track.js';
import { transactionsFeature } from './features/transactions.js';
import { unhandledFeature } from './features/unhandled.js';
import { createI18n, translatorFor, type Locale, type Translate } from '../text/i18n.js';
import { mayOrder } from './middleware/roles.js';
import type { ApprovalTextContext } from '../orders/approval-texts.js';
import { approvalsFeature } from './features/approvals.js';
import { plain } from '../text/formatted.js';
import { dualControlFeature, type DualControlFeatureDeps } from './features/dual-control.js';
import { forwardedNeverAct } from './middleware/forwarded-never-act.js';
import { handleProviderTrouble, troubleMessage } from './provider-trouble.js';
import { readingAs } from '../safeguards/velocity/read-pace.js';
import { velocityFeature } from './features/velocity.js';
import { stepUpFeature } from './features/step-up.js';
import { createStepUpGate } from './step-up-gate.js';
import { createTellPerson } from './tell-person.js';
import { createNotifyOtherAdmins } from './notify-other-admins.js';
import { createTypingWhileSlow } from './typing-while-slow.js';
import type { BotDeps } from './bot-deps.js';
import { useUpdatePrelude } from './update-prelude.js';
import { CONVERSATION_KEY_PREFIX } from './conversations/order/idle-sweeper.js';
import { batchesFeature } from './features/batches.js';
import { batchUploadFeature, MAX_BATCH_FILE_BYTES } from './features/batch-upload.js';
import { createFileDownload } from './download-file.js';
import { strangersFeature } from './features/strangers.js';
import { readerViewOf } from '../text/presentation.js';



/**
 * Bump when the order conversation changes shape: stored conversations of
 * an older shape are then dropped instead of being replayed wrongly.
 */
const CONVERSATION_VERSION = 5;

/** How long /order waits for a first catalog sync under way before saying it is still loading. */
const FIRST_CATALOG_WAIT_MS = 3_000;

export function createBot(deps: BotDeps): Bot<BotContext> {
  const bot = new Bot<BotContext>(deps.token, deps.apiRoot ? { client: { apiRoot: deps.apiRoot } } : {});
  // Innermost, so a retried answer is counted again; answers never queue behind a fan-out.
  if (deps.pace) bot.api.config.use(deps.pace.interactive());
  bot.api.config.use(telegramRetry());
  if (deps.presentation.sandbox) bot.api.config.use(sandboxBadge(deps.localeOf));
  bot.api.config.use(rightToLeftLayout(deps.localeOf));

  const i18n = createI18n<BotContext>(deps.defaultLocale, (ctx) => ctx.member?.locale);
  const translate = (locale: Locale): Translate => translatorFor(locale);
  const onProviderTrouble = (error: unknown, context: string) =>
    handleProviderTrouble(error, { logger: deps.logger, alerts: deps.alerts, translate }, context);

  const describePerson = deps.describePerson;
  const tellPerson = createTellPerson({ api: bot.api, localeOf: deps.localeOf, translate, logger: deps.logger });
  const stepUpGate = deps.stepUp && createStepUpGate({ stepUp: deps.stepUp, describePerson, tellPerson, logger: deps.logger });
  const stepUpDep = stepUpGate ? { stepUp: stepUpGate } : {};
  const approvalTexts = (locale: Locale): ApprovalTextContext => ({ ...readerViewOf(deps.presentation, locale, translate(locale)), describePerson });
  const approvals = deps.approvals;
  const requestApproval = approvals ? createApprovalRequester({ ...approvals, ...(deps.velocity ? { velocity: deps.velocity } : {}) }) : undefined;

  // Counted, one chat at a time, views fresh, private chats only, people remembered, staff only.
  const storage = useUpdatePrelude(bot, deps, translate);
  bot.use(i18n);
  // Before the conversations and every command: a forwarded message is never taken as the forwarder's own.
  bot.use(forwardedNeverAct());
  // The provider reads this update makes count against the person (velocity limits, src/safeguards/velocity/read-pace.ts).
  bot.use((ctx, next) => (ctx.member ? readingAs(ctx.member.telegramId, next) : next()));
  const presentation = deps.presentation;
  bot.use((ctx, next) => {
    ctx.presentation = presentation;
    return next();
  });
  // Before the conversations: a code answering a step-up prompt is never taken as an answer to an order's question.
  if (stepUpGate) bot.use(stepUpGate.answers);
  // A right code for an order leaves a pass for its confirm key; the message goes on to the order conversation, which takes it.
  const orderStepUp = deps.orderStepUp;
  if (stepUpGate && orderStepUp) stepUpGate.onCode('order', (ctx, action) => orderStepUp.recordPass(ctx.member.telegramId, action.confirmKey), { passOn: true });

  bot.use(
    conversations<BotContext, Context>({
      storage: {
        type: 'key',
        version: CONVERSATION_VERSION,
        adapter: storage,
        prefix: CONVERSATION_KEY_PREFIX,
        getStorageKey: (ctx) => ctx.chat?.id.toString(),
      },
    }),
  );
  const orderQueries = deps.orderQueries;
  const typingWhileSlow = createTypingWhileSlow({ sendTyping: deps.sendTyping, clock: deps.clock, logger: deps.logger });
  // Before the conversation: these must work while it waits.
  bot.use(dropOrdersOfViewers());
  // What /cancel, /order and Order again take the buttons off when they drop an order half-way.
  const orderMenuOf = async (chatId: number) => orderMenuIn(await storage.read(`${CONVERSATION_KEY_PREFIX}${chatId}`), ORDER_CONVERSATION);
  bot.use(cancelFeature({ orderMenuOf }));
  bot.use(continueHandedOver(ORDER_CONVERSATION));
  bot.use(
    createConversation(
      createOrderConversation({
        catalog: deps.catalog,
        provider: deps.provider,
        orders: deps.orders,
        translate,
        onProviderTrouble,
        troubleText: troubleMessage,
        presentation: deps.presentation,
        idleMs: deps.orderIdleMs,
        perItemLimit: deps.perItemLimit,
        maxLines: deps.maxProductsPerOrder ?? 5,
        // The conversation offers no Confirm while ordering is paused; the order service refuses too.
        orderingPaused: () => deps.orderingPause.current(),
        checkLimits: (userId, total) => deps.spending.checkLimits(userId, total),
        ...(requestApproval && approvals ? { requestApproval, approvalNeeded: (id: number, total: number) => approvals.service.needsApproval(id, total) } : {}),
        ...(deps.velocity ? { velocity: deps.velocity } : {}),
        ...(deps.orderStepUp && stepUpGate ? { orderStepUp: deps.orderStepUp } : {}),
        typicalDeliveryMs: () => orderQueries.typicalDeliveryMs(),
        ...(deps.onWalletShort ? { onWalletShort: deps.onWalletShort } : {}),
        typingWhileSlow,
        logger: deps.logger,
      }),
      {
        id: ORDER_CONVERSATION,
        // Transformers on bot.api do not reach ctx.api inside a conversation. Three waits
        // of up to 10 s hold one chat's queue for at most 30 s; beyond that the step is
        // shown again on the staff member's next update.
        plugins: (conversation) => [
          async (ctx, next) => {
            if (deps.pace) ctx.api.config.use(deps.pace.interactive());
            ctx.api.config.use(
              conversationRetry({ stampedNow: () => conversation.now(), clock: deps.clock, maxRetries: 3, maxDelaySeconds: 10 }),
            );
            if (deps.presentation.sandbox) ctx.api.config.use(sandboxBadge(deps.localeOf));
            ctx.api.config.use(rightToLeftLayout(deps.localeOf));
            await next();
          },
        ],
      },
    ),
  );

  // The first sync of a new database usually ends within moments of the start: /order waits for it briefly before saying it is loading.
  const catalogLoading = async () => !(await deps.catalogSync.loadedWithin(FIRST_CATALOG_WAIT_MS));
  bot.use(orderFeature({ catalogLoading, orderMenuOf, orderingPaused: () => deps.orderingPause.current() }));
  bot.use(orderAgainFeature({ orders: orderQueries, catalogLoading, orderMenuOf, logger: deps.logger }));
  const menus = createCommandMenus({ api: bot.api, translate, logger: deps.logger });
  const tracking = { onProviderTrouble, troubleText: troubleMessage };
  const dual: DualControlFeatureDeps | undefined = deps.dualControl && {
    dual: deps.dualControl.service,
    announcer: deps.dualControl.announcer,
    texts: approvalTexts,
    teamDefault: (rule) => deps.spending.rules.defaults()[rule],
    // A confirmed new administrator gets the administrators' menu and the news, as /staff gives them when immediate.
    ...stepUpDep,
    onApplied: async ({ change, requesterId }) => {
      if (change.kind !== 'role') return;
      await menus.show({ telegramId: change.personId, role: change.role, locale: (await deps.staff.find(change.personId))?.locale ?? null });
      await tellPerson(change.personId, (t) =>
        plain(`${t(change.verb === 'add' ? 'staff-you-were-added' : 'staff-your-role-changed', { by: describePerson(requesterId), role: t('staff-role-admin') })}\n${t('staff-you-can-admin')}`),
      );
    },
    logger: deps.logger,
  };
  if (dual) bot.use(dualControlFeature(dual));
  bot.use(ordersFeature({ orders: orderQueries, people: deps.people, describePerson }));
  bot.use(
    trackFeature({
      ...tracking,
      orders: orderQueries,
      provider: deps.provider,
      audit: deps.auditTrail,
      ...(deps.velocity ? { velocity: deps.velocity } : {}),
      ...stepUpDep,
      describePerson,
      tellPerson,
      isStaff: async (telegramId) => (await deps.staff.find(telegramId)) !== null,
      ...(deps.retention ? { codeMessages: deps.retention.codeMessages } : {}),
      clock: deps.clock,
      logger: deps.logger,
    }),
  );
  bot.use(transactionsFeature({ ...tracking, orders: orderQueries, provider: deps.provider }));
  bot.use(reviewFeature({ ...tracking, review: deps.review, provider: deps.provider, describePerson, logger: deps.logger }));
  const orderingPaused = () => deps.orderingPause.current();
  bot.use(helpFeature({ orderingPaused }));
  bot.use(balanceFeature({ provider: deps.provider, onProviderTrouble, troubleText: troubleMessage, orderingPaused, ...(deps.walletExceptions ? { walletExceptions: deps.walletExceptions } : {}) }));
  bot.use(languageFeature({ staff: deps.staff, menus }));
  bot.use(staffFeature({ staff: deps.staff, people: deps.people, describePerson, menus, tellPerson, ...(dual ? { dual } : {}), ...stepUpDep, logger: deps.logger }));
  bot.use(
    auditFeature({
      audit: deps.auditPages,
      people: deps.people,
      describePerson,
    }),
  );
  bot.use(syncFeature({ catalogSync: deps.catalogSync }));
  bot.use(
    limitsFeature({
      rules: deps.spending.rules,
      counter: deps.spending.counter,
      staff: deps.staff,
      describePerson,
      ...(dual ? { dual } : {}),
      clock: deps.clock,
      logger: deps.logger,
    }),
  );
  bot.use(lowBalanceFeature({ watch: deps.lowBalance, logger: deps.logger }));
  if (deps.retention) bot.use(retentionFeature({ settings: deps.retention.settings, logger: deps.logger }));
  bot.use(settingsFeature({ registry: deps.settingsRegistry }));
  if (deps.strangerSettings) bot.use(strangersFeature({ settings: deps.strangerSettings, logger: deps.logger }));
  if (deps.velocity) bot.use(velocityFeature({ guard: deps.velocity, ...(dual ? { dual } : {}), logger: deps.logger }));
  const notifyOtherAdmins = createNotifyOtherAdmins({ api: bot.api, staff: deps.staff, defaultLocale: deps.defaultLocale, translate, logger: deps.logger });
  if (deps.stepUp && stepUpGate) bot.use(stepUpFeature({ stepUp: deps.stepUp, ...(deps.orderStepUp ? { orders: deps.orderStepUp } : {}), gate: stepUpGate, ...(dual ? { dual } : {}), describePerson, tellPerson, notifyOtherAdmins, logger: deps.logger }));
  if (deps.catalogAdmin) bot.use(catalogAdminFeature({ ...deps.catalogAdmin, notifyOtherAdmins, describePerson }));
  bot.use(
    orderingPauseFeature({
      pauses: deps.orderingPause,
      notifyOtherAdmins,
      describePerson,
      keptOrders: createKeptOrders({ sessions: deps.sessions, version: CONVERSATION_VERSION, idleMs: deps.orderIdleMs, clock: deps.clock }).chatIds,
      mayOrder: (telegramId) => {
        const member = deps.staff.current.find(telegramId);
        return member !== null && mayOrder(member.role);
      },
      tellPerson,
      logger: deps.logger,
    }),
  );
  if (approvals) {
    bot.use(
      approvalsFeature({
        approvals: approvals.service,
        announcer: approvals.announcer,
        rules: approvals.rules,
        texts: approvalTexts,
        onProviderTrouble,
        troubleText: troubleMessage,
        ...(dual ? { dual } : {}),
        ...stepUpDep,
        logger: deps.logger,
      }),
    );
  }
  bot.use(
    exportFeature({
      queries: deps.reports,
      provider: deps.provider,
      audit: deps.auditTrail,
      describePerson,
      periods: deps.periods,
      ...stepUpDep,
      onProviderTrouble,
      troubleText: troubleMessage,
      clock: deps.clock,
      logger: deps.logger,
    }),
  );
  if (deps.statement) {
    bot.use(statementFeature({ ...deps.statement, periods: deps.periods, describePerson, audit: deps.auditTrail, clock: deps.clock, logger: deps.logger }));
    bot.use(walletWatchFeature({ settings: deps.statement.settings }));
  }
  if (deps.reportSettings) bot.use(feedAndDigestFeature({ ...deps.reportSettings }));
  if (deps.expiry) bot.use(expiryFeature({ ...deps.expiry, orders: orderQueries, clock: deps.clock, logger: deps.logger }));
  if (deps.batches) {
    const batchDeps = { ...deps.batches, provider: deps.provider, perOrderMax: deps.perItemLimit, ...(deps.orderStepUp && stepUpGate ? { orderStepUp: deps.orderStepUp } : {}), ...(stepUpGate ? { approverStepUp: stepUpGate } : {}), ...(deps.velocity ? { velocity: deps.velocity } : {}), logger: deps.logger };
    bot.use(batchesFeature(batchDeps));
    const downloadFile = createFileDownload({ api: bot.api, token: deps.token, ...(deps.apiRoot ? { apiRoot: deps.apiRoot } : {}), maxBytes: MAX_BATCH_FILE_BYTES });
    bot.use(batchUploadFeature({ ...batchDeps, batches: deps.batches.batches, downloadFile }));
  }
  bot.use(confirmedPressFeature({ orders: orderQueries, ...(approvals ? { approvals: approvals.service } : {}) }));
  bot.use(unhandledFeature());

  bot.catch((error) => {
    deps.onHandlerError?.();
    const cause = error.error;
    deps.logger.error(
      { updateId: error.ctx.update.update_id, err: cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause) },
      'a handler failed',
    );
  });
  return bot;
}
