/// <reference lib="dom" />
import { randomBytes } from 'node:crypto';
import { expectNoAxeViolations, sidewaysOverflow } from './axe.js';
import { expect, signedIn, signIn, test } from './fixtures.js';
import { apiAs, changeEventsInDatabase, daysFromNow, register, seedEvent, type Person } from './seed.js';

const suffix = () => randomBytes(3).toString('hex');

/**
 * A host's free event with the fan accepted to it, then moved into the past (the API rightly
 * refuses an event that starts in the past, and an event only ends with time): it ended yesterday.
 */
async function endedEventWithAttendee(): Promise<{ host: Person; fan: Person; event: { id: string; title: string } }> {
  const [host, fan] = await Promise.all([register('influencer', 'Meera Joshi'), register('fan', 'Kabir Sethi')]);
  const event = await seedEvent(host, { title: `Rooftop supper ${suffix()}`, date: daysFromNow(4), location: 'Bandra, Mumbai' });
  const application = await apiAs<{ id: string }>(fan, 'POST', `/events/${event.id}/bid`, { amount: 0, message: 'Count me in!' });
  await apiAs(host, 'POST', `/applications/${application.id}/accept`);
  await changeEventsInDatabase(`UPDATE event SET date = now() - interval '1 day', end_date = now() - interval '20 hours' WHERE id = $1`, [
    event.id,
  ]);
  return { host, fan, event };
}

test.describe('ratings', () => {
  test('a fan rates an ended event from the /home prompt at 320 px; the host reviews page shows the average and the review; the host replies; someone else reports it', async ({
    page,
    browser,
  }) => {
    const [{ host, fan, event }, stranger] = await Promise.all([endedEventWithAttendee(), register('fan', 'Tara Iyer')]);
    const hostWords = `Meera made everyone feel welcome ${suffix()}`;

    // The prompt on /home: tapping the fourth star opens the sheet with four stars chosen for both.
    await page.setViewportSize({ width: 320, height: 720 });
    await signIn(page, fan, '/home');
    const prompt = page.getByTestId('rate-prompt').filter({ hasText: `How was ${event.title}?` });
    await expect(prompt).toContainText('Hosted by Meera Joshi');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await prompt.getByRole('link', { name: `Rate ${event.title} 4 stars` }).click();

    const sheet = page.getByRole('dialog', { name: `How was ${event.title}?` });
    const hostStars = sheet.getByRole('radiogroup', { name: 'Rate the host, 1 to 5 stars' });
    const eventStars = sheet.getByRole('radiogroup', { name: 'Rate the event, 1 to 5 stars' });
    await expect(hostStars.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await expect(eventStars.getByRole('radio', { name: '4 stars' })).toBeChecked();
    // The keyboard moves through the stars as through any radio group.
    await expect(hostStars.getByRole('radio', { name: '4 stars' })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(hostStars.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await expect(sheet.getByTestId('stars-hostRating-word')).toHaveText('Excellent');
    await sheet.getByRole('textbox', { name: 'Review of the host (optional)' }).fill(hostWords);
    await expect(sheet.getByText(`${hostWords.length}/1,000`)).toBeVisible();
    await sheet.getByRole('textbox', { name: 'Review of the event (optional)' }).fill('Great food, a little loud.');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await sheet.getByRole('button', { name: 'Submit rating' }).click();

    await expect(page.getByTestId('toast')).toContainText('Rating submitted successfully!');
    await expect(sheet).toBeHidden();
    await expect(prompt).toHaveCount(0);

    // The host's reviews: the new average with one decimal, one rating, the histogram and the review.
    await page.goto(`/profile-preview/${host.id}/reviews`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reviews of Meera Joshi');
    await expect(page.getByTestId('rating-average')).toContainText('4.5');
    await expect(page.getByTestId('rating-total')).toHaveText('1 rating');
    await expect(page.getByRole('list', { name: 'Ratings by stars' })).toContainText('5 stars: 1 rating, 100%');
    const review = page.getByTestId('review').filter({ hasText: hostWords });
    await expect(review).toContainText('Kabir Sethi');
    await expect(review).toContainText('Your review');
    await expect(review.getByRole('img', { name: '5 stars' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);

    // The host replies on their own reviews page, and the reply shows.
    const hostPage = await signedIn(browser, host);
    await hostPage.goto(`/profile-preview/${host.id}/reviews`);
    const hostView = hostPage.getByTestId('review').filter({ hasText: hostWords });
    await hostView.getByRole('link', { name: 'Reply to Kabir Sethi' }).click();
    await hostView.getByRole('textbox', { name: 'Your reply to Kabir Sethi' }).fill('Thank you for coming, Kabir!');
    await hostView.getByRole('button', { name: 'Post reply' }).click();
    await expect(hostPage.getByTestId('toast')).toContainText('Your reply is posted.');
    await expect(hostView.getByTestId('review-reply')).toContainText('Thank you for coming, Kabir!');
    await expect(hostView.getByRole('link', { name: 'Edit reply to Kabir Sethi' })).toBeVisible();

    // The fan sees the reply under their rating on the event page, and the host's rating links to the reviews.
    await page.goto(`/event/${event.id}`);
    await expect(page.getByTestId('my-rating-reply')).toContainText('Thank you for coming, Kabir!');
    await expect(page.getByTestId('event-host').getByRole('link', { name: 'Rated 4.5 out of 5 from 1 rating. See reviews' })).toBeVisible();

    // Anyone else may report the review to the moderators, and comes back to the reviews.
    const strangerPage = await signedIn(browser, stranger);
    await strangerPage.goto(`/profile-preview/${host.id}/reviews`);
    await strangerPage.getByRole('link', { name: 'Report the review by Kabir Sethi' }).click();
    await expect(strangerPage.getByRole('heading', { name: 'Report a review of Meera Joshi' })).toBeVisible();
    await strangerPage.getByLabel('Spam or fake review').check();
    await strangerPage.getByRole('button', { name: 'Submit report' }).click();
    await expect(strangerPage.getByTestId('toast')).toContainText('Thanks for telling us. Our team will review this report.');
    await expect(strangerPage).toHaveURL((url) => url.pathname === `/profile-preview/${host.id}/reviews`);
  });

  test("the notification's link opens the form on the event page (a guest is asked to log in first); the rater edits, then deletes", async ({
    page,
  }) => {
    const { fan, event } = await endedEventWithAttendee();
    // The same tab, first as a guest, then signed in.
    await page.goto(`/event/${event.id}?rate=1`);
    await expect(page.getByRole('dialog', { name: 'Login Required' })).toContainText('Please log in to submit a rating.');

    await signIn(page, fan, `/event/${event.id}?rate=1`);
    const sheet = page.getByRole('dialog', { name: `How was ${event.title}?` });
    const hostStars = sheet.getByRole('radiogroup', { name: 'Rate the host, 1 to 5 stars' });
    await expect(hostStars.getByRole('radio', { name: '1 star' })).toBeFocused();
    // Both stars are needed: the form says which is missing and goes to it.
    await page.keyboard.press('ArrowRight');
    await expect(hostStars.getByRole('radio', { name: '2 stars' })).toBeChecked();
    await sheet.getByRole('button', { name: 'Submit rating' }).click();
    await expect(sheet.getByText('Please choose 1 to 5 stars for the event.')).toBeVisible();
    const eventStars = sheet.getByRole('radiogroup', { name: 'Rate the event, 1 to 5 stars' });
    await expect(eventStars.getByRole('radio', { name: '1 star' })).toBeFocused();
    await page.keyboard.press('ArrowLeft'); // from the first star round to the last
    await expect(eventStars.getByRole('radio', { name: '5 stars' })).toBeChecked();
    await expectNoAxeViolations(page);
    await sheet.getByRole('button', { name: 'Submit rating' }).click();
    await expect(page.getByTestId('toast')).toContainText('Rating submitted successfully!');
    await expect(page).toHaveURL((url) => url.pathname === `/event/${event.id}` && !url.search);

    const mine = page.getByTestId('my-rating');
    await expect(mine.getByRole('img', { name: '2 stars' })).toBeVisible();
    await mine.getByRole('link', { name: 'Edit rating' }).click();
    const edit = page.getByRole('dialog', { name: `Your rating of ${event.title}` });
    await edit.getByTestId('stars-hostRating').locator('label').nth(3).click();
    await edit.getByRole('button', { name: 'Update rating' }).click();
    await expect(page.getByTestId('toast')).toContainText('Rating updated successfully!');
    await expect(mine.getByRole('img', { name: '4 stars' })).toBeVisible();

    await mine.getByRole('link', { name: 'Edit rating' }).click();
    await edit.getByRole('link', { name: 'Delete rating' }).click();
    await expect(edit.getByRole('link', { name: 'Keep it' })).toBeFocused();
    await edit.getByRole('button', { name: 'Yes, delete rating' }).click();
    await expect(page.getByTestId('toast')).toContainText('Rating deleted successfully!');
    await expect(page.getByTestId('rate-event')).toContainText('How was it?');
  });
});
