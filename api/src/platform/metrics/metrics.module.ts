import { Global, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Metrics } from './metrics.js';

@Global()
@Module({
  providers: [
    {
      provide: Metrics,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => {
        const metrics = new Metrics();
        metrics.exportPool(dataSource);
        return metrics;
      },
    },
  ],
  exports: [Metrics],
})
export class MetricsModule {}
