import { Injectable } from '@nestjs/common';

/**
 * Whether this process wants new work. It stops wanting it the moment a shutdown begins, before it
 * stops accepting: readiness probes report it, so load balancers move traffic elsewhere first.
 */
@Injectable()
export class Readiness {
  private drainingSince: Date | undefined;

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  drain(): void {
    this.drainingSince ??= new Date();
  }
}
