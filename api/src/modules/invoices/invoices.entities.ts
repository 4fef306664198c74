import { InvoiceSequence } from './entities/invoice-sequence.entity.js';
import { Invoice } from './entities/invoice.entity.js';

export const INVOICES_ENTITIES = [Invoice, InvoiceSequence];
