import { Global, Module } from '@nestjs/common';
import { DependencyProbes } from './dependency-probes.js';
import { Readiness } from './readiness.js';

/** What the API's health endpoints and the workers' ops server report from (both processes). */
@Global()
@Module({ providers: [Readiness, DependencyProbes], exports: [Readiness, DependencyProbes] })
export class ProbesModule {}
