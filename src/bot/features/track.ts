import type { CostCentreName } from '../../domain/cost-centre.js';
import type { VelocityGuard } from '../../safeguards/velocity/velocity-guard.js';
import { velocityRefusalText } from '../../safeguards/velocity/velocity-texts.js';
import { Composer } from 'grammy';
import type { StepUpGate } from '../step-up-gate.js';
import { copyButtonRows, renderDelivery } from '../../delivery/render-delivery.js';
import type { Logger } from '../../logger.js';
import type { AuditTrail } from '../../db/audit-trail.js';
import type { OrderLookup, OrderQueries } from '../../db/order-queries.js';
import { parseOrderLookup } from '../../orders/order-lookup.js';
import type { OrderRow } from '../../db/order-row.js';
import { localStateFor } from '../../domain/order-lifecycle.js';
import type { ProviderFor } from '../../safeguards/velocity/read-pace.js';
import { ProviderNotFoundError } from '../../provider/errors.js';
import type { OrderDetail } from '../../provider/schemas.js';
import type { DescribePerson } from '../describe-person.js';
import type { CodeMessageStore } from '../../db/code-message-store.js';
import type { BaseContext } from '../context.js';
import { formatGoods, formatId } from '../../text/format.js';
import { bold, joinLines, plain } from '../../text/formatted.js';
import type { Translate } from '../../text/i18n.js';
import type { Trouble, TroubleDetail } from '../provider-trouble.js';
import { readsEveryone } from '../middleware/roles.js';
import { sendFormatted } from '../send.js';
import type { TellPerson } from '../tell-person.js';
import { keyboardOf } from '../send-port.js';
import { CODES_PATTERN, parseCodes, parseTrack, TRACK_PATTERN, type TrackOrigin } from '../order-views/callback-data.js';
import { showInPlace } from '../order-views/in-place.js';
import { readerView } from '../reader-view.js';
import { goodsOf } from '../../orders/order-line.js';
import {
  canSee,
  canSeeCodes,
  orderDetailView,
  orderName,
  providerOnlyView,
  providerStateWords,
  type OrderFacts,
  type TrackingView,
  type Viewer,
} from '../order-views/order-view.js';
import { readerViewOf, showDateTimeWithZone } from '../../text/presentation.js';

interface TrackDeps {
  orders: Pick<OrderQueries, 'find' | 'byId' | 'byProviderOrderId'>;
  providerFor: ProviderFor<'getOrder'>;
  audit: Pick<AuditTrail, 'record'>;
  /** Step-up confirmation before someone else's codes; absent, none. */
  stepUp?: Pick<StepUpGate, 'require' | 'onCode'>;
  /** Reveals of someone else's codes per hour (velocity limits); absent, no limit. */
  velocity?: Pick<VelocityGuard, 'take'>;
  onProviderTrouble: (error: unknown, context: string) => Promise<Trouble>;
  troubleText: (t: Translate, trouble: Trouble, detail?: TroubleDetail) => string;
  describePerson: DescribePerson;
  /** Where each message carrying codes is recorded, so that it can leave the chat later (src/safeguards/retention/code-messages.ts). */
  codeMessages?: Pick<CodeMessageStore, 'record'>;
  /** Tells the orderer when someone else opened their codes. */
  tellPerson: TellPerson;
  /** Whether someone is on the staff now (any role), read at the moment of telling: someone removed hears nothing more. */
  isStaff: (telegramId: number) => Promise<boolean>;
  /** The cost centre an order names, by id (retired ones too); absent, none is shown. */
  costCentreOf?: (id: number) => Promise<CostCentreName | null>;
  clock: { now(): number };
  logger: Logger;
}

/**
 * /track <orderId | reference | #id>, and the presses on an order's detail:
 * Refresh, and Show codes, which fetches the delivery afresh and sends it
 * to this chat. Staff see their own orders only; someone else's order is
 * "not found", exactly like one that does not exist. Viewers see every
 * order and never its codes; when anyone but the orderer opens the codes,
 * the orderer is told who did and when.
 */
export function trackFeature(deps: TrackDeps) {
  const composer = new Composer<BaseContext>();

  const viewOf = (ctx: BaseContext): TrackingView => ({ ...readerView(ctx), describePerson: deps.describePerson });
  const viewerOf = (ctx: BaseContext): Viewer => ({ telegramId: ctx.member.telegramId, role: ctx.member.role });
  const visible = (ctx: BaseContext, row: OrderRow | null): row is OrderRow => row !== null && canSee(viewerOf(ctx), row);

  /** Never fails the reveal: a message not recorded only stays in the chat. */
  async function recordCodes(chatId: number, messageId: number, orderId: number): Promise<void> {
    try {
      await deps.codeMessages?.record({ chatId, messageId, orderId, sentAt: deps.clock.now() });
    } catch (error) {
      deps.logger.warn({ orderId, messageId, err: error instanceof Error ? error.name : String(error) }, 'a message carrying codes could not be recorded for removal');
    }
  }

  async function troubleOf(ctx: BaseContext, error: unknown, context: string): Promise<string> {
    return deps.troubleText(ctx.t, await deps.onProviderTrouble(error, context), { ...readerView(ctx), error });
  }

  /**
   * A 404 for an order the provider once accepted: it answers, but no longer
   * knows the order (lost on its side, or another provider or a sandbox
   * started afresh answers now). Not an outage to wait out: the person is
   * told to take it to an administrator.
   */
  async function orderUnknown(ctx: BaseContext, row: OrderRow, error: ProviderNotFoundError): Promise<string> {
    await deps.onProviderTrouble(error, 'track');
    return ctx.t('provider-order-unknown', { order: orderName(row) });
  }

  const costCentreOf = async (row: OrderRow) => (row.costCentreId === null ? null : ((await deps.costCentreOf?.(row.costCentreId)) ?? null));

  /** Fresh from the provider when it has the order; our own record when it cannot be asked. */
  async function factsOf(ctx: BaseContext, row: OrderRow): Promise<OrderFacts> {
    if (row.providerOrderId === null) return { row, fresh: null, trouble: null };
    try {
      const fresh = await deps.providerFor(ctx.member.telegramId).getOrder(row.providerOrderId, { priority: 'interactive', known: { orderReference: row.providerReference } });
      return { row, fresh, trouble: null };
    } catch (error) {
      if (error instanceof ProviderNotFoundError) return { row, fresh: null, trouble: await orderUnknown(ctx, row, error), unknownToProvider: true };
      return { row, fresh: null, trouble: await troubleOf(ctx, error, 'track') };
    }
  }

  async function detail(ctx: BaseContext, row: OrderRow, origin: TrackOrigin) {
    return orderDetailView(viewOf(ctx), { ...(await factsOf(ctx, row)), costCentre: await costCentreOf(row) }, viewerOf(ctx), origin);
  }

  /** An order only the provider knows: administrators may look it up there. */
  async function lookUpAtProvider(
    ctx: BaseContext,
    lookup: Exclude<OrderLookup, { kind: 'local' }>,
  ): Promise<{ kind: 'found'; order: OrderDetail | null } | { kind: 'trouble'; trouble: string }> {
    const id = lookup.kind === 'provider-id' ? lookup.orderId : lookup.reference;
    try {
      return { kind: 'found', order: await deps.providerFor(ctx.member.telegramId).getOrder(id, { priority: 'interactive' }) };
    } catch (error) {
      if (error instanceof ProviderNotFoundError) return { kind: 'found', order: null };
      return { kind: 'trouble', trouble: await troubleOf(ctx, error, 'track') };
    }
  }

  composer.command('track', async (ctx) => {
    const argument = ctx.match.trim();
    const lookup = parseOrderLookup(argument);
    if (!lookup) {
      await ctx.reply(ctx.t('track-usage'));
      return;
    }
    await ctx.replyWithChatAction('typing').catch(() => undefined);
    const notFound = () => ctx.reply(ctx.t('track-not-found', { value: argument.slice(0, 32) }));
    const row = await deps.orders.find(lookup);
    if (visible(ctx, row)) {
      await sendFormatted(ctx.api, ctx.chat.id, await detail(ctx, row, { kind: 'new' }));
      return;
    }
    if (row || !readsEveryone(ctx.member.role) || lookup.kind === 'local') {
      await notFound();
      return;
    }
    const found = await lookUpAtProvider(ctx, lookup);
    if (found.kind === 'trouble') {
      await ctx.reply(found.trouble);
      return;
    }
    if (!found.order) {
      await notFound();
      return;
    }
    // Typed one way (a reference) and stored the other (the provider's id).
    const local = await deps.orders.byProviderOrderId(found.order.orderId);
    const view = local
      ? orderDetailView(viewOf(ctx), { row: local, fresh: found.order, trouble: null, costCentre: await costCentreOf(local) }, viewerOf(ctx), { kind: 'new' })
      : providerOnlyView(viewOf(ctx), found.order);
    await sendFormatted(ctx.api, ctx.chat.id, view);
  });

  composer.callbackQuery(TRACK_PATTERN, async (ctx) => {
    const pressed = parseTrack(ctx.callbackQuery.data);
    const row = pressed ? await deps.orders.byId(pressed.orderId) : null;
    if (!pressed || !visible(ctx, row)) {
      await ctx.answerCallbackQuery({ text: ctx.t('track-gone') });
      return;
    }
    await ctx.answerCallbackQuery();
    const view = await detail(ctx, row, pressed.origin);
    if (pressed.origin.kind === 'new' && ctx.chat) await sendFormatted(ctx.api, ctx.chat.id, view);
    else await showInPlace(ctx, view);
  });

  /**
   * A word for the press: its callback answered on a press; after a step-up
   * code (a message), only what must be read is sent as a reply.
   */
  async function notice(ctx: BaseContext, text: string, alert = false): Promise<void> {
    if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text, ...(alert ? { show_alert: true } : {}) });
    else if (alert) await ctx.reply(text);
  }

  /** Show codes, pressed (`stepped` false) or carried on after the step-up code it asked for: every check is made again. */
  async function reveal(ctx: BaseContext, orderId: number | null, stepped: boolean): Promise<void> {
    const row = orderId === null ? null : await deps.orders.byId(orderId);
    if (!visible(ctx, row) || !ctx.chat) {
      await notice(ctx, ctx.t('track-gone'), !ctx.callbackQuery);
      return;
    }
    // A forged or old button is no way round the role.
    if (!canSeeCodes(viewerOf(ctx), row)) {
      deps.logger.warn({ orderId: row.id, actorId: ctx.member.telegramId, role: ctx.member.role }, 'refused to show codes');
      await notice(ctx, ctx.t('viewer-refused'), true);
      return;
    }
    if (row.providerOrderId === null) {
      await notice(ctx, ctx.t('codes-not-placed'), true);
      return;
    }
    // Someone else's codes are what a stolen account wants: with step-up on, a code from the reader's own authenticator first.
    if (row.userId !== ctx.member.telegramId && deps.stepUp && !stepped) {
      const what = ctx.t('step-up-what-reveal', { order: orderName(row), person: deps.describePerson(row.userId) });
      const go = await deps.stepUp.require(ctx, { kind: 'reveal', orderId: row.id }, what);
      if (!go) {
        if (ctx.callbackQuery) await ctx.answerCallbackQuery();
        return;
      }
    }
    // Someone else's codes, one reveal after another, is what a taken-over administrator's account does.
    if (row.userId !== ctx.member.telegramId && deps.velocity) {
      const pace = await deps.velocity.take('reveals', ctx.member.telegramId);
      if (!pace.ok) {
        await notice(ctx, velocityRefusalText(readerView(ctx), pace), true);
        return;
      }
    }
    await notice(ctx, ctx.t('codes-fetching'));
    let fresh: OrderDetail;
    try {
      // The client refuses another order's detail (ProviderOrderMismatchError): nothing of it is shown.
      fresh = await deps.providerFor(ctx.member.telegramId).getOrder(row.providerOrderId, { priority: 'interactive', known: { orderReference: row.providerReference } });
    } catch (error) {
      if (error instanceof ProviderNotFoundError) return void (await ctx.reply(await orderUnknown(ctx, row, error)));
      await ctx.reply(ctx.t('codes-unreachable', { reason: await troubleOf(ctx, error, 'show codes') }));
      return;
    }
    if (localStateFor(fresh.status) !== 'completed') {
      await ctx.reply(ctx.t('codes-not-ready', { state: providerStateWords(ctx.t, fresh.status) }));
      return;
    }
    const heading = joinLines(
      row.sandbox ? bold(ctx.t('sandbox-badge')) : null,
      bold(ctx.t('codes-heading', { reference: orderName(row) })),
      formatGoods(goodsOf(row.lines), ctx.member.locale),
    );
    const messages = renderDelivery(fresh, {
      ...readerView(ctx),
      heading,
      lines: row.lines,
    });
    const byOrderer = row.userId === ctx.member.telegramId;
    // Recorded before sending: a reveal that fails half-way is still a reveal.
    const at = deps.clock.now();
    deps.audit.record({
      actorId: ctx.member.telegramId,
      action: 'codes_revealed',
      orderId: row.id,
      amount: row.totalAmount,
      subjectId: row.userId,
      facts: { by: byOrderer ? 'orderer' : 'admin' },
    });
    deps.logger.info({ orderId: row.id, actorId: ctx.member.telegramId, messages: messages.length }, 'codes revealed');
    const chatId = ctx.chat.id;
    try {
      for (const message of messages) {
        const buttons = copyButtonRows(message.copies);
        const messageId = await sendFormatted(ctx.api, chatId, {
          text: message.text,
          protectContent: true,
          ...(buttons.length > 0 ? { keyboard: keyboardOf(buttons) } : {}),
        });
        await recordCodes(chatId, messageId, row.id);
      }
    } finally {
      // Like the audit row: the orderer hears of a reveal even when it failed half-way.
      if (!byOrderer && (await deps.isStaff(row.userId))) {
        const who = deps.describePerson(ctx.member.telegramId);
        await deps.tellPerson(row.userId, (t, locale) =>
          plain(t('codes-seen-by-other', { who, order: orderName(row), id: formatId(row.id, locale), when: showDateTimeWithZone(readerViewOf(ctx.presentation, locale, t), at) })),
        );
      }
    }
  }

  composer.callbackQuery(CODES_PATTERN, (ctx) => reveal(ctx, parseCodes(ctx.callbackQuery.data), false));
  deps.stepUp?.onCode('reveal', (ctx, action) => reveal(ctx, action.orderId, true));

  return composer;
}
