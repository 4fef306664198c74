import { Controller, Get, HttpCode, Inject, Injectable, Param, Post, Res, UseGuards, type CanActivate } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ErrorCodes } from '../../../contracts/error-codes.js';
import { Messages } from '../../../contracts/messages.js';
import { APP_CONFIG } from '../../../platform/config/config.module.js';
import { type AppConfig } from '../../../platform/config/config.schema.js';
import { Public } from '../../../platform/http/auth-context.js';
import { NotFoundError } from '../../../platform/http/domain-error.js';
import { ZBody, ZQuery } from '../../../platform/http/zod.js';
import { checkoutPageHtml, checkoutPolicy, exactOrigin, themeColor } from './sandbox-checkout-page.js';
import { checkoutScript } from './sandbox-checkout-script.js';
import { SandboxCheckout, type SandboxPaymentView } from './sandbox-checkout.service.js';
import { SandboxPaymentProvider } from './sandbox-payment-provider.js';
import { checkoutPageUrl } from './sandbox-urls.js';
import { type SandboxRefund } from './sandbox.store.js';

const optionalText = (max: number) => z.string().trim().max(max).optional();

const checkoutQuery = z.object({
  order_id: z.string().trim().min(1).max(64),
  name: optionalText(200),
  email: optionalText(320),
  contact: optionalText(32),
  color: optionalText(32),
  description: optionalText(500),
  /** The page that opened the checkout, where its answers go (set by checkout.js). */
  origin: optionalText(200),
});
type CheckoutQuery = z.output<typeof checkoutQuery>;

const payBody = z.object({ outcome: z.enum(['success', 'insufficient_funds']) });
type PayBody = z.output<typeof payBody>;

const settleBody = z.object({ outcome: z.enum(['processed', 'failed']) });
type SettleBody = z.output<typeof settleBody>;

/** The sandbox's routes answer only while the sandbox takes the payments. */
@Injectable()
export class SandboxInUse implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(): boolean {
    if (this.config.PAYMENT_PROVIDER !== 'sandbox') throw new NotFoundError(Messages.generic.notFound);
    return true;
  }
}

/**
 * The sandbox's stand-in for Razorpay Checkout (checkout.js and the page it opens), and the routes
 * scripts and tests use to complete or fail a checkout, to see a payment as the provider does, and to
 * settle a refund left pending.
 */
@ApiTags('sandbox')
@Public()
@UseGuards(SandboxInUse)
@Controller('sandbox')
export class SandboxCheckoutController {
  private readonly script: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly checkout: SandboxCheckout,
    private readonly provider: SandboxPaymentProvider,
  ) {
    this.script = checkoutScript(checkoutPageUrl(config.PUBLIC_API_URL));
  }

  @Get('checkout.js')
  checkoutScript(@Res() reply: FastifyReply) {
    return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(this.script);
  }

  @Get('checkout')
  async checkoutPage(@ZQuery(checkoutQuery) query: CheckoutQuery, @Res() reply: FastifyReply) {
    const order = await this.checkout.order(query.order_id);
    const nonce = randomBytes(16).toString('base64');
    const html = checkoutPageHtml({
      displayName: this.config.PAYMENT_DISPLAY_NAME,
      orderId: query.order_id,
      amount: order && order.status !== 'paid' ? order.amount / 100 : undefined,
      unavailable: !order ? 'This order does not exist.' : order.status === 'paid' ? 'This order is already paid.' : undefined,
      description: query.description,
      buyer: { name: query.name, email: query.email, contact: query.contact },
      color: themeColor(query.color, this.config.CHECKOUT_THEME_COLOR),
      parentOrigin: exactOrigin(query.origin),
      nonce,
    });
    return reply
      .status(order ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-security-policy', checkoutPolicy(nonce, this.config.CORS_ORIGINS))
      .send(html);
  }

  /**
   * Completes a checkout as the fan would: 200 with what Razorpay Checkout hands its handler, or
   * 402 when the card is declined (the payment is recorded as failed; the order may be paid again).
   */
  @Post('orders/:orderId/pay')
  @HttpCode(200)
  async pay(@Param('orderId') orderId: string, @ZBody(payBody) body: PayBody, @Res() reply: FastifyReply) {
    const result = await this.checkout.pay(orderId, body.outcome);
    if (result.outcome === 'authorized') return reply.status(200).send(result.response);
    return reply.status(402).send({
      error: Messages.payments.insufficientFunds,
      code: ErrorCodes.payments.insufficientFunds,
      razorpay_payment_id: result.paymentId,
    });
  }

  @Get('payments/:paymentId')
  async payment(@Param('paymentId') paymentId: string): Promise<SandboxPaymentView> {
    return this.checkout.payment(paymentId);
  }

  /** Processes or fails a refund left pending (SANDBOX_REFUNDS=later), as the bank would days on; 404 when none is pending under that id. */
  @Post('refunds/:refundId/settle')
  @HttpCode(200)
  async settleRefund(@Param('refundId') refundId: string, @ZBody(settleBody) body: SettleBody): Promise<SandboxRefund> {
    const refund = await this.provider.settleRefund(refundId, body.outcome);
    if (!refund) throw new NotFoundError(Messages.generic.notFound);
    return refund;
  }
}
