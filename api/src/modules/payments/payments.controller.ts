import { Controller, Get, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  refundSchema,
  returnedOutsideSchema,
  verifyPaymentSchema,
  type RefundInput,
  type ReturnedOutsideInput,
  type VerifyPaymentInput,
} from '../../contracts/payments.contract.js';
import { AdminOnly, CurrentUser, Public, type AuthUser } from '../../platform/http/auth-context.js';
import { uuidParam, ZBody, ZParams } from '../../platform/http/zod.js';
import { PaymentsService } from './payments.service.js';

@ApiTags('payments')
@ApiBearerAuth()
@Controller('payments')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  /** The checkout's answer (razorpay_order_id, razorpay_payment_id, razorpay_signature), all three required. */
  @Post('verify')
  @HttpCode(200)
  verify(@CurrentUser() user: AuthUser, @ZBody(verifyPaymentSchema) body: VerifyPaymentInput) {
    return this.payments.verify(user.id, body);
  }

  /** The provider's webhooks: no login, the signature over the raw body is the proof. */
  @Public()
  @Post('webhook')
  @HttpCode(200)
  async webhook(@Req() request: FastifyRequest, @Headers() headers: Record<string, string | undefined>) {
    await this.payments.receiveWebhook(request.rawBody ?? Buffer.alloc(0), headers['x-razorpay-signature'], headers);
    return { ok: true };
  }

  @Get('transactions')
  list(@CurrentUser() user: AuthUser) {
    return this.payments.listFor(user.id);
  }

  @Get('transactions/:id')
  get(@CurrentUser() user: AuthUser, @ZParams(uuidParam) params: { id: string }) {
    return this.payments.getFor(user, params.id);
  }

  @Post('refund')
  @HttpCode(200)
  refund(@CurrentUser() user: AuthUser, @ZBody(refundSchema) body: RefundInput) {
    return this.payments.refund(user, body);
  }

  /** Money an admin returned outside Tribe (a bank transfer after a failed refund), recorded as a processed refund. */
  @AdminOnly()
  @Post('transactions/:id/returned-outside')
  @HttpCode(200)
  returnedOutside(
    @CurrentUser() user: AuthUser,
    @ZParams(uuidParam) params: { id: string },
    @ZBody(returnedOutsideSchema) body: ReturnedOutsideInput,
  ) {
    return this.payments.recordReturnedOutside(user, params.id, body);
  }
}
