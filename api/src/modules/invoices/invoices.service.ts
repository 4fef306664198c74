import { Inject, Injectable, Logger } from '@nestjs/common';
import { type Readable } from 'node:stream';
import {
  invoiceFileName,
  type ApplicationInvoicesView,
  type InvoiceDownloadUrlView,
  type InvoiceKind,
  type InvoiceListView,
  type InvoiceView,
} from '../../contracts/invoices.contract.js';
import { APP_CONFIG } from '../../platform/config/config.module.js';
import { type AppConfig } from '../../platform/config/config.schema.js';
import { isAdmin, type AuthUser } from '../../platform/http/auth-context.js';
import { STORAGE, type StoragePort } from '../../platform/providers/storage/storage.port.js';
import { isValidInvoiceLink, signInvoiceLink } from './invoice-links.js';
import { toInvoiceView } from './invoice.views.js';
import { InvoiceLinkInvalidError, InvoiceNotFoundError, InvoiceNotYetIssuedError } from './invoices.errors.js';
import { type InvoiceRecord, InvoicesRepository } from './invoices.repository.js';

/** The most documents a person's list shows. */
const LIST_LIMIT = 500;

export interface InvoiceFile {
  fileName: string;
  bytes: number;
  stream: Readable;
}

/**
 * Reading invoices (the API; the workers issue them). Only the payer, the event's host and admins see
 * a document; to anyone else it does not exist.
 */
@Injectable()
export class InvoicesService {
  private readonly logger = new Logger(InvoicesService.name);

  constructor(
    private readonly invoices: InvoicesRepository,
    @Inject(STORAGE) private readonly storage: StoragePort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async get(viewer: AuthUser, id: string): Promise<InvoiceView> {
    return this.view(await this.visible(viewer, id));
  }

  /** The application's invoice and its credit notes; 404 with the spec's words until the invoice exists. */
  async forApplication(viewer: AuthUser, applicationId: string): Promise<ApplicationInvoicesView> {
    const invoice = await this.invoices.invoiceForApplication(applicationId);
    if (!invoice || !canSee(viewer, invoice)) throw new InvoiceNotYetIssuedError();
    const creditNotes = await this.invoices.creditNotesFor(invoice.id);
    return { invoice: this.view(invoice), credit_notes: creditNotes.map((note) => this.view(note)) };
  }

  /** Everything the person paid for: theirs alone, or an admin's to see. */
  async forUser(viewer: AuthUser, userId: string): Promise<InvoiceListView> {
    if (viewer.id !== userId && !isAdmin(viewer)) throw new InvoiceNotFoundError();
    const invoices = await this.invoices.listForPayer(userId, LIST_LIMIT);
    return { invoices: invoices.map((invoice) => this.view(invoice)) };
  }

  async downloadUrl(viewer: AuthUser, id: string): Promise<InvoiceDownloadUrlView> {
    const { url, expiresAt } = this.link((await this.visible(viewer, id)).id);
    return { download_url: url, expires_at: expiresAt.toISOString() };
  }

  /** The PDF, for a signed-in payer, host or admin. */
  async open(viewer: AuthUser, id: string): Promise<InvoiceFile> {
    return this.file(await this.visible(viewer, id));
  }

  /** The PDF, for whoever holds a signed link that has not expired. The signature is checked first. */
  async openSigned(id: string, expires: string | undefined, signature: string | undefined): Promise<InvoiceFile> {
    if (!isValidInvoiceLink(this.config.INVOICE_URL_SECRET, id, expires, signature, new Date())) throw new InvoiceLinkInvalidError();
    const invoice = await this.invoices.find(id);
    if (!invoice) throw new InvoiceNotFoundError();
    return this.file(invoice);
  }

  private async visible(viewer: AuthUser, id: string): Promise<InvoiceRecord> {
    const invoice = await this.invoices.find(id);
    if (!invoice || !canSee(viewer, invoice)) throw new InvoiceNotFoundError();
    return invoice;
  }

  private async file(invoice: InvoiceRecord): Promise<InvoiceFile> {
    const stored = await this.storage.read(invoice.storageKey);
    if (!stored) {
      // The row is written only after its file was stored: a missing file was lost by the store.
      this.logger.error({ invoiceId: invoice.id, key: invoice.storageKey }, 'the PDF of an issued invoice is missing from storage');
      throw new Error(`The PDF of invoice ${invoice.invoiceNo} is missing from storage`);
    }
    return { fileName: invoiceFileName(invoice.invoiceNo, invoice.kind as InvoiceKind), bytes: stored.bytes, stream: stored.stream };
  }

  private link(id: string): { url: string; expiresAt: Date } {
    const { path, expiresAt } = signInvoiceLink(this.config.INVOICE_URL_SECRET, id, new Date(), this.config.INVOICE_URL_TTL_SECONDS);
    return { url: `${this.config.PUBLIC_API_URL.replace(/\/+$/, '')}${path}`, expiresAt };
  }

  private view(invoice: InvoiceRecord): InvoiceView {
    return toInvoiceView(invoice, this.link(invoice.id));
  }
}

const canSee = (viewer: AuthUser, invoice: InvoiceRecord): boolean =>
  invoice.payerId === viewer.id || invoice.hostId === viewer.id || isAdmin(viewer);
