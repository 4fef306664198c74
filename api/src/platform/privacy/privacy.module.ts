import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { PersonalDataErasure } from './personal-data-erasure.js';

@Global()
@Module({ imports: [DiscoveryModule], providers: [PersonalDataErasure], exports: [PersonalDataErasure] })
export class PrivacyModule {}
