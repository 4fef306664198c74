import type { Locator, Page } from '@playwright/test';

/**
 * Event cards as a list shows them. Cards carry no test ids: twenty of them make a list page, whose
 * HTML has a byte budget (issue 26), so they are found by their element and by the stylesheet's names
 * for their parts (EventCard in web/app/components/events/event-card.tsx, `.event-card` in tailwind.css).
 */
export const eventCards = (scope: Page | Locator): Locator => scope.locator('article.event-card');

export const eventCardTitled = (scope: Page | Locator, title: string): Locator => eventCards(scope).filter({ hasText: title });

/** A card's parts, as a person reads them. */
export const cardParts = (card: Locator) => ({
  date: card.locator('li.icon-calendar'),
  /** "Ages 25 - 40". */
  ages: card.locator('li.icon-people'),
  price: card.locator('.event-price'),
  hostName: card.locator('.host-line p').first(),
});
