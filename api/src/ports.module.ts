import { Global, Module } from '@nestjs/common';
import { AuthModule } from './modules/auth/auth.module.js';
import { SessionsDeletionStep } from './modules/auth/sessions-deletion.step.js';
import { EventsDeletionStep } from './modules/events/events-deletion.step.js';
import { EventsModule } from './modules/events/events.module.js';
import { ListedEventCounts } from './modules/events/listed-event-counts.adapter.js';
import { ACCOUNT_DELETION_STEPS, type AccountDeletionStep } from './modules/users/account-deletion.port.js';
import { HostedEvents } from './modules/users/hosted-events.port.js';

/**
 * Binds each module's ports to the module that answers them. Auth and events depend on users, never
 * the reverse; what users needs of them it declares as a port, and the binding lives here, in the
 * composition root, so no module imports a module that imports it back.
 */
@Global()
@Module({
  imports: [AuthModule, EventsModule],
  providers: [
    { provide: HostedEvents, useExisting: ListedEventCounts },
    {
      provide: ACCOUNT_DELETION_STEPS,
      inject: [SessionsDeletionStep, EventsDeletionStep],
      // In this order, inside the deletion transaction.
      useFactory: (...steps: AccountDeletionStep[]) => steps,
    },
  ],
  exports: [HostedEvents, ACCOUNT_DELETION_STEPS],
})
export class PortsModule {}
