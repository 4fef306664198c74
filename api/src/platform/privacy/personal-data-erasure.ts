import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';

/** One module's part of erasing a person's data. Idempotent: it may run again after a crash. */
export interface PersonalDataEraser {
  erasePersonalData(userId: string): Promise<void>;
}

export interface ErasureStep {
  /** What this step erases, for logs. */
  name: string;
  /** Steps run in ascending order: one that decides what others keep goes first. */
  order: number;
}

/** Marks a module's provider as a step of account erasure: `@ErasesPersonalData({ name, order })`. */
export const ErasesPersonalData = DiscoveryService.createDecorator<ErasureStep>();

/** Every module's erasure step, found at boot, run in their declared order by the account erase job. */
@Injectable()
export class PersonalDataErasure implements OnModuleInit {
  private steps: Array<ErasureStep & { eraser: PersonalDataEraser }> = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    this.steps = this.discovery
      .getProviders({ metadataKey: ErasesPersonalData.KEY })
      .flatMap((wrapper) => {
        const step = this.discovery.getMetadataByDecorator(ErasesPersonalData, wrapper);
        return step && wrapper.instance ? [{ ...step, eraser: wrapper.instance as PersonalDataEraser }] : [];
      })
      .sort((a, b) => a.order - b.order);
  }

  stepNames(): string[] {
    return this.steps.map((step) => step.name);
  }

  /** Runs every step in order; a failing step stops the rest, and a retry starts again from the first. */
  async eraseAll(userId: string): Promise<void> {
    for (const step of this.steps) await step.eraser.erasePersonalData(userId);
  }
}
