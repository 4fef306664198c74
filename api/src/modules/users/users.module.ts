import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { EventsModule } from '../events/events.module.js';
import { AccountEraseHandler } from './jobs/account-erase.job.js';
import { UsersController } from './users.controller.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [AuthModule, EventsModule],
  controllers: [UsersController],
  providers: [UsersService, AccountEraseHandler],
  exports: [UsersService],
})
export class UsersModule {}
