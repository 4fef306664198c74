import { Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  markPayoutPaidSchema,
  paymentProfileSchema,
  recordPayoutSchema,
  type MarkPayoutPaidInput,
  type PaymentProfileInput,
  type RecordPayoutInput,
} from '../../contracts/payouts.contract.js';
import { AdminOnly, CurrentUser, type AuthUser } from '../../platform/http/auth-context.js';
import { uuidParam, ZBody, ZParams } from '../../platform/http/zod.js';
import { PaymentProfileService } from './payment-profile.service.js';
import { PayoutsService } from './payouts.service.js';

/** The caller's own payment profile: there is no way to name another person's. */
@ApiTags('payouts')
@ApiBearerAuth()
@Controller('payment-profile')
export class PaymentProfileController {
  constructor(private readonly profiles: PaymentProfileService) {}

  @Get()
  get(@CurrentUser() user: AuthUser) {
    return this.profiles.get(user);
  }

  @Put()
  save(@CurrentUser() user: AuthUser, @ZBody(paymentProfileSchema) body: PaymentProfileInput) {
    return this.profiles.save(user, body);
  }
}

/** What the caller's own events owe them. */
@ApiTags('payouts')
@ApiBearerAuth()
@Controller('payouts')
export class PayoutsController {
  constructor(private readonly payouts: PayoutsService) {}

  @Get()
  summary(@CurrentUser() user: AuthUser) {
    return this.payouts.summaryFor(user);
  }
}

/** Admins: what every host is owed, recording payouts and marking them paid. */
@ApiTags('payouts')
@ApiBearerAuth()
@AdminOnly()
@Controller('admin/payouts')
export class AdminPayoutsController {
  constructor(private readonly payouts: PayoutsService) {}

  @Get()
  list() {
    return this.payouts.listForAdmin();
  }

  @Post()
  record(@CurrentUser() user: AuthUser, @ZBody(recordPayoutSchema) body: RecordPayoutInput) {
    return this.payouts.record(user, body);
  }

  @Post(':id/mark-paid')
  @HttpCode(200)
  markPaid(
    @CurrentUser() user: AuthUser,
    @ZParams(uuidParam) params: { id: string },
    @ZBody(markPayoutPaidSchema) body: MarkPayoutPaidInput,
  ) {
    return this.payouts.markPaid(user, params.id, body);
  }
}
