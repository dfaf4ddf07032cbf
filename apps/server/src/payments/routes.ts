import { googleVerifyRequestSchema, paypalCaptureRequestSchema, paypalCreateRequestSchema } from '@scorecast/api-client';
import type { Language, ProductId, UpgradeOption } from '@scorecast/rules';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ServerContext } from '../context.js';
import { findGroup } from '../db/groups.js';
import type { StoredUser } from '../db/users.js';
import { isTournamentOver } from '../clock.js';
import { HttpError, forbidden, notFound, tournamentOver } from '../httpError.js';
import { requireUser } from '../plugins/session.js';
import { parseInput } from '../validate.js';
import { createGooglePlay, GooglePlayError } from './googlePlay.js';
import { offeredOption, optionOfProduct, productNameOf, thanksFor } from './options.js';
import { createPaypal, PaypalError, type PaypalOrder } from './paypal.js';
import { completePurchase, findPurchase, noteFailure, recordPurchase, type Provider } from './purchases.js';

const orderParamsSchema = z.object({ orderID: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) });

const paymentsNotPossible = () => new HttpError(503, 'paymentsNotPossible');
const paymentFailed = () => new HttpError(402, 'paymentFailed');
const cents = (amount: number) => Math.round(amount * 100);

/** The enlargement a creator may buy now for a group, or the refusal. */
async function optionToBuy(context: ServerContext, user: StoredUser, groupId: string, productId: ProductId) {
  const group = await findGroup(context.db, groupId);
  if (!group) throw notFound('unknownGroup');
  if (group.creator_id !== user.id) throw forbidden('notCreator');
  if (isTournamentOver(group, context.clock)) throw tournamentOver('groupId');
  const option = offeredOption(group.max_players, productId);
  if (!option) throw new HttpError(400, 'optionNotOffered', 'paymentOption');
  return option;
}

/** The one completed capture of an order, if its amount, currency and product are the ones recorded. */
function captureMatching(order: PaypalOrder, expected: { customId: string; amountCents: number; currency: string }) {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  if (order.status !== 'COMPLETED' || !capture || capture.status !== 'COMPLETED') return undefined;
  const customId = capture.custom_id ?? unit?.custom_id;
  if (customId !== expected.customId) return undefined;
  if (capture.amount.currency_code !== expected.currency) return undefined;
  if (!/^\d+(\.\d{1,2})?$/.test(capture.amount.value) || cents(Number(capture.amount.value)) !== expected.amountCents) return undefined;
  return capture;
}

/**
 * PayPal and Google Play: the server creates and captures orders and verifies purchases itself, so a
 * browser can never claim a payment; each order or token raises a cap at most once.
 */
export function registerPaymentRoutes(app: FastifyInstance, context: ServerContext): void {
  const config = context.payments;
  const paypal = config?.paypal && createPaypal(config.paypal);
  const googlePlay = config?.googlePlay && createGooglePlay(config.googlePlay);
  const languageOf = (user: StoredUser, language?: Language) => language ?? (user.language as Language);

  const record = (provider: Provider, providerId: string, groupId: string, user: StoredUser, option: UpgradeOption) =>
    recordPurchase(context.db, {
      provider,
      providerId,
      groupId,
      userId: user.id,
      productId: option.productId,
      amountCents: cents(option.amount),
      currency: config!.currency,
      now: context.clock.now(),
    });

  const groupEnlarged = (groupId: string) => {
    context.events.emit('groupChanged', { groupId });
  };

  app.post('/api/payment/paypal/create', async (request) => {
    const user = await requireUser(context, request);
    const body = parseInput(paypalCreateRequestSchema, request.body);
    if (!paypal || !config) throw paymentsNotPossible();
    const option = await optionToBuy(context, user, body.groupId, body.paymentOption);
    const order = await paypal
      .createOrder(
        { customId: `${body.groupId}:${option.productId}`, description: productNameOf(context.texts, option, 'en'), currency: config.currency, amount: option.amount },
        `create-${body.groupId}-${option.productId}-${context.clock.now()}`,
      )
      .catch((error: unknown) => {
        request.log.warn({ err: error }, 'PayPal order not created');
        throw paymentsNotPossible();
      });
    await record('paypal', order.id, body.groupId, user, option);
    return { orderID: order.id };
  });

  app.post('/api/payment/paypal/capture/:orderID', async (request) => {
    const user = await requireUser(context, request);
    const { orderID } = parseInput(orderParamsSchema, request.params);
    const body = parseInput(paypalCaptureRequestSchema, request.body);
    if (!paypal) throw paymentsNotPossible();
    const purchase = await findPurchase(context.db, 'paypal', orderID);
    if (!purchase) throw notFound('unknownOrder');
    if (purchase.user_id !== user.id) throw forbidden('notCreator');
    const option = optionOfProduct(purchase.product_id as ProductId)!;
    const language = languageOf(user, body.language);
    if (purchase.status === 'completed') return { message: thanksFor(context.texts, option, language) };
    let order: PaypalOrder;
    try {
      order = await paypal.captureOrder(orderID);
    } catch (error) {
      await noteFailure(context.db, 'paypal', orderID, error instanceof PaypalError ? error.issue : 'unreachable');
      throw paymentFailed();
    }
    const capture = captureMatching(order, { customId: `${purchase.group_id}:${purchase.product_id}`, amountCents: purchase.amount_cents, currency: purchase.currency });
    if (!capture) {
      await noteFailure(context.db, 'paypal', orderID, `capture does not match: ${JSON.stringify(order).slice(0, 150)}`);
      request.log.warn({ orderID }, 'PayPal capture does not match the order');
      throw paymentFailed();
    }
    const raised = await completePurchase(context.db, {
      provider: 'paypal',
      providerId: orderID,
      transactionId: capture.id,
      groupId: purchase.group_id,
      maxPlayers: option.maxPlayers,
      now: context.clock.now(),
    });
    if (raised) groupEnlarged(purchase.group_id);
    return { message: thanksFor(context.texts, option, language) };
  });

  app.post('/api/payment/google/verify', async (request) => {
    const user = await requireUser(context, request);
    const body = parseInput(googleVerifyRequestSchema, request.body);
    if (!googlePlay || !config) throw paymentsNotPossible();
    const language = languageOf(user, body.language);
    const known = await findPurchase(context.db, 'google', body.purchaseToken);
    if (known?.status === 'completed') {
      if (known.group_id !== body.groupId || known.product_id !== body.paymentOption) throw paymentFailed();
      return { message: thanksFor(context.texts, optionOfProduct(body.paymentOption)!, language) };
    }
    const option = await optionToBuy(context, user, body.groupId, body.paymentOption);
    const purchase = await googlePlay.purchase(option.productId, body.purchaseToken).catch((error: unknown) => {
      request.log.warn({ err: error }, 'Play purchase not verified');
      throw error instanceof GooglePlayError && error.status < 500 ? paymentFailed() : paymentsNotPossible();
    });
    // purchaseState 0 is "purchased"; the app puts the group id into the purchase's profile id.
    const profile = purchase.obfuscatedExternalProfileId;
    if (purchase.purchaseState !== 0 || (profile !== undefined && profile !== body.groupId)) throw paymentFailed();
    await record('google', body.purchaseToken, body.groupId, user, option);
    const raised = await completePurchase(context.db, {
      provider: 'google',
      providerId: body.purchaseToken,
      transactionId: purchase.orderId ?? '',
      groupId: body.groupId,
      maxPlayers: option.maxPlayers,
      now: context.clock.now(),
    });
    if (raised) groupEnlarged(body.groupId);
    if (purchase.acknowledgementState !== 1) {
      await googlePlay.acknowledge(option.productId, body.purchaseToken).catch((error: unknown) => {
        request.log.error({ err: error }, 'Play purchase not acknowledged');
      });
    }
    return { message: thanksFor(context.texts, option, language) };
  });
}
