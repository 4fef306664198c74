import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { CurrentUser, Public, type AuthUser } from '../../platform/http/auth-context.js';
import { uuidParam, ZParams } from '../../platform/http/zod.js';
import { type InvoiceFile, InvoicesService } from './invoices.service.js';

const applicationParam = z.object({ applicationId: z.uuid({ message: 'must be a valid id' }) });
const userParam = z.object({ userId: z.uuid({ message: 'must be a valid id' }) });

/** Sends a PDF as a download with a readable name; never cached by anyone but the browser that asked. */
function sendPdf(reply: FastifyReply, file: InvoiceFile) {
  return reply
    .headers({
      'content-type': 'application/pdf',
      // File names are built from letters, digits and dashes (invoiceFileName): safe inside the quotes.
      'content-disposition': `attachment; filename="${file.fileName}"`,
      'content-length': String(file.bytes),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    })
    .send(file.stream);
}

/** GST invoices and credit notes (api/src/contracts/invoices.contract.ts lists the endpoints). */
@ApiTags('invoices')
@ApiBearerAuth()
@Controller('invoices')
export class InvoicesController {
  constructor(private readonly invoices: InvoicesService) {}

  /** The application's invoice and credit notes (the payer, the event's host or an admin). */
  @Get('application/:applicationId')
  forApplication(@CurrentUser() user: AuthUser, @ZParams(applicationParam) params: { applicationId: string }) {
    return this.invoices.forApplication(user, params.applicationId);
  }

  /** Every document the person paid for (the person or an admin). */
  @Get('user/:userId')
  forUser(@CurrentUser() user: AuthUser, @ZParams(userParam) params: { userId: string }) {
    return this.invoices.forUser(user, params.userId);
  }

  @Get(':id')
  get(@CurrentUser() user: AuthUser, @ZParams(uuidParam) params: { id: string }) {
    return this.invoices.get(user, params.id);
  }

  /** A link to the PDF that needs no token, valid for INVOICE_URL_TTL_SECONDS. */
  @Get(':id/download-url')
  downloadUrl(@CurrentUser() user: AuthUser, @ZParams(uuidParam) params: { id: string }) {
    return this.invoices.downloadUrl(user, params.id);
  }

  /** The PDF, with the bearer token. */
  @Get(':id/download')
  async download(@CurrentUser() user: AuthUser, @ZParams(uuidParam) params: { id: string }, @Res() reply: FastifyReply) {
    return sendPdf(reply, await this.invoices.open(user, params.id));
  }

  /** The PDF, with a signed link instead of a token. */
  @Public()
  @Get(':id/file')
  async file(
    @ZParams(uuidParam) params: { id: string },
    @Query('expires') expires: string | undefined,
    @Query('signature') signature: string | undefined,
    @Res() reply: FastifyReply,
  ) {
    return sendPdf(reply, await this.invoices.openSigned(params.id, expires, signature));
  }
}
