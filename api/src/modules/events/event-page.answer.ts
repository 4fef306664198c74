import { ApiOkResponse } from '@nestjs/swagger';
import { z } from 'zod';
import { paginationSchema } from '../../contracts/event.contract.js';
import { jsonSchema } from '../../platform/http/zod.js';

const eventPageSchema = z.object({
  data: z.array(z.record(z.string(), z.unknown())).describe('The events of this page (EventView).'),
  pagination: paginationSchema,
});

/**
 * Documents a list of events in OpenAPI: `{ data, pagination }`. Totals are exact up to 10,000
 * events (EVENT_TOTAL_EXACT_UP_TO); a list holding more answers `total: 10000, totalExact: false`.
 */
export const EventPageAnswer = () =>
  ApiOkResponse({
    description:
      'One page of events. `pagination.total` is exact up to 10,000 matching events; above that it is 10,000 with ' +
      '`totalExact: false` (show "10,000+"), `totalPages` is a lower bound and `hasNext` says whether the page was full.',
    schema: jsonSchema(eventPageSchema),
  });
