/// <reference lib="dom" />
import { randomBytes, randomUUID } from 'node:crypto';
import type { FeedView, PostView } from '../../api/src/contracts/community.contract.js';
import { expectNoAxeViolations, sidewaysOverflow } from './axe.js';
import { expect, signedIn, signIn, test } from './fixtures.js';
import { apiAs, daysFromNow, png, register, seedEvent, type Person } from './seed.js';

const suffix = () => randomBytes(3).toString('hex');

/** A host's free event with the fan accepted to it. */
async function acceptedFan(): Promise<{ host: Person; fan: Person; event: { id: string; title: string } }> {
  const [host, fan] = await Promise.all([register('influencer', 'Meera Joshi'), register('fan', 'Kabir Sethi')]);
  const event = await seedEvent(host, { title: `Rooftop supper ${suffix()}`, date: daysFromNow(4), location: 'Bandra, Mumbai' });
  const application = await apiAs<{ id: string }>(fan, 'POST', `/events/${event.id}/bid`, { amount: 0, message: 'Count me in!' });
  await apiAs(host, 'POST', `/applications/${application.id}/accept`);
  return { host, fan, event };
}

test.describe('community', () => {
  test('a fan posts a photo about an event they attended; the host likes and comments; the fan opens the post from the notification', async ({
    page,
    browser,
  }) => {
    const { host, fan, event } = await acceptedFan();
    const words = `Best rooftop supper in Mumbai ${suffix()}`;

    await signIn(page, fan, '/community');
    await page.getByTestId('compose-prompt').click();
    const sheet = page.getByRole('dialog', { name: 'New post' });
    const text = sheet.getByRole('textbox', { name: 'Your post' });
    await expect(text).toBeFocused();
    await text.fill(words);
    await expect(sheet.getByTestId('post-counter')).toContainText(`${words.length}/2,000`);
    await sheet
      .getByTestId('photo-input')
      .setInputFiles({ name: 'rooftop.png', mimeType: 'image/png', buffer: png(64, 48, [200, 90, 40]) });
    await expect(sheet.getByTestId('photo-item')).toHaveCount(1);
    await expect(sheet.getByRole('progressbar')).toHaveCount(0);
    await sheet.getByLabel('Event (optional)').selectOption(event.id);
    // Closed to look something up and opened again: the photo and the event are still there, as the words.
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await page.getByTestId('compose-prompt').click();
    await expect(sheet.getByTestId('photo-item')).toHaveCount(1);
    await expect(sheet.getByLabel('Event (optional)')).toHaveValue(event.id);
    await expect(text).toHaveValue(words);
    await sheet.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(sheet).toBeHidden();

    const card = page.getByTestId('post').filter({ hasText: words });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('post-event')).toContainText(event.title);
    await expect(card.getByRole('img', { name: /Photo 1 of 1, posted by Kabir Sethi/ })).toBeVisible();
    const { posts } = await apiAs<FeedView>(fan, 'GET', `/community/posts/interactions?authorId=${fan.id}`);
    const post = posts.find((candidate) => candidate.text === words) as PostView;
    expect(post.photos).toHaveLength(1);
    await expectNoAxeViolations(page);
    // The next post starts from an empty sheet: no text, photo or event of the last one.
    await page.getByTestId('compose-prompt').click();
    await expect(text).toHaveValue('');
    await expect(sheet.getByTestId('photo-item')).toHaveCount(0);
    await expect(sheet.getByLabel('Event (optional)')).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    // The host likes it (at once on screen, then as the server counts) and comments.
    const hostPage = await signedIn(browser, host);
    await hostPage.goto(`/post/${post.id}`);
    await expect(hostPage.getByRole('heading', { name: 'Kabir Sethi' })).toBeVisible();
    await expect(hostPage.getByTestId('post-photos').getByRole('img')).toHaveCount(1);
    const like = hostPage.getByRole('button', { name: /^Like, \d+ likes?$/ }).first();
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toHaveAccessibleName('Like, 1 like');
    await hostPage.getByRole('textbox', { name: 'Add a comment' }).fill('So glad you came!');
    await hostPage.getByRole('button', { name: 'Send' }).click();
    await expect(hostPage.getByTestId('comment').filter({ hasText: 'So glad you came!' })).toBeVisible();
    await expect(hostPage.getByRole('heading', { name: /Comments/ })).toContainText('(1)');
    await expectNoAxeViolations(hostPage);
    const liked = await apiAs<{ liked: boolean; likeCount: number }>(host, 'GET', `/community/posts/${post.id}/like`);
    expect(liked).toEqual({ liked: true, likeCount: 1 });

    // The fan hears of the comment and opens the post from the inbox.
    await expect
      .poll(
        async () => {
          const inbox = await apiAs<{ notifications: Array<{ type: string }> }>(fan, 'GET', '/notifications');
          return inbox.notifications.map((notification) => notification.type).sort();
        },
        { timeout: 20_000 },
      )
      .toEqual(expect.arrayContaining(['post_commented', 'post_liked']));
    await page.goto('/notifications');
    await page.getByTestId('notification').filter({ hasText: 'commented on your post' }).getByRole('link').first().click();
    await expect(page).toHaveURL((url) => url.pathname === `/post/${post.id}`);
    await expect(page.getByTestId('comment').filter({ hasText: 'So glad you came!' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Like, 1 like' })).toHaveAttribute('aria-pressed', 'false');
  });

  test('a guest reads the feed and a post at 320 px; Like and Comment ask them to log in', async ({ page }) => {
    const author = await register('fan', 'Tara Iyer');
    const words = `Monsoon walk along Marine Drive ${suffix()}`;
    const post = await apiAs<PostView>(author, 'POST', '/community/posts', { text: words });
    await apiAs(author, 'POST', `/community/posts/${post.id}/comments`, { text: 'Who is in next week?' });

    await page.setViewportSize({ width: 320, height: 720 });
    await page.goto('/community');
    const card = page.getByTestId('post').filter({ hasText: words });
    await expect(card.getByTestId('inline-comments')).toContainText('Who is in next week?');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    await card.getByRole('button', { name: 'Like, 0 likes' }).click();
    const prompt = page.getByRole('dialog', { name: 'Login Required' });
    await expect(prompt).toContainText('Please log in to like posts.');
    await expect(prompt.getByRole('link', { name: 'Login to Continue' })).toHaveAttribute('href', '/login?returnTo=%2Fcommunity');
    await prompt.getByRole('button', { name: 'Maybe Later' }).click();
    await expect(prompt).toBeHidden();
    await expect(card.getByRole('button', { name: 'Like, 0 likes' })).toHaveAttribute('aria-pressed', 'false');

    await page.getByRole('link', { name: 'Following' }).click();
    await expect(page.getByTestId('feed-empty')).toContainText('See posts from people you follow');

    await page.goto(`/post/${post.id}`);
    await expect(page.getByRole('heading', { name: 'Tara Iyer' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByTestId('comment-list').waitFor();
    await page.getByRole('link', { name: 'Comment', exact: true }).first().click();
    await expect(prompt).toContainText('Please log in to comment.');
    await prompt.getByRole('button', { name: 'Maybe Later' }).click();

    await page.goto(`/post/${randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'Post not found' })).toBeVisible();
  });

  test('without JavaScript a refused comment comes back in the reply box, with why', async ({ browser }) => {
    const author = await register('fan', 'Ira Das');
    const post = await apiAs<{ id: string }>(author, 'POST', '/community/posts', { text: `Monsoon walk ${suffix()}` });
    const page = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
    await signIn(page, author, `/post/${post.id}`);
    const reply = page.getByRole('textbox', { name: 'Add a comment' });
    const written = 'Who is in for Sunday?\u0007';
    await reply.fill(written);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your text contains characters that cannot be shown.' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Add a comment' })).toHaveValue(written);
    // Said beside the box it was written in, not only at the top of the page.
    await expect(page.getByRole('textbox', { name: 'Add a comment' })).toHaveAttribute('aria-invalid', 'true');
    expect(page.url()).toContain(`/post/${post.id}`);
    await page.getByRole('textbox', { name: 'Add a comment' }).fill('Who is in for Sunday?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('Comment posted.')).toBeVisible();

    // A busy post: the author's comment on the second page is edited there, without JavaScript too.
    for (let n = 1; n <= 20; n++) await apiAs(author, 'POST', `/community/posts/${post.id}/comments`, { text: `Comment ${n}` });
    await page.goto(`/post/${post.id}`);
    await page.getByRole('link', { name: 'Load more comments' }).click();
    const last = page.getByTestId('comment').filter({ hasText: 'Comment 20' });
    await last.getByRole('link', { name: 'Edit comment' }).click();
    await page.getByRole('textbox', { name: 'Edit your comment' }).fill('Comment 20, edited');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Comment saved.')).toBeVisible();
    await expect(page.getByTestId('comment').filter({ hasText: 'Comment 20, edited' })).toBeVisible();

    // A page of comments that cannot be read still leaves the way back and the reply box.
    await page.goto(`/post/${post.id}?cursor=not-a-cursor`);
    await expect(page.getByRole('link', { name: 'Back to the first comments' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Add a comment' })).toBeVisible();
  });
});
