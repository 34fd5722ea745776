/**
 * A trigger broadcast on like (issue 15), in ja and en: a creator has a trigger on "the fan liked
 * me" with two chats an hour apart (seeded through `/_local/demo/trigger`, as the authoring screen
 * leaves it); a fan likes the creator and the first message arrives live in the fan's room (the
 * step job runs every minute); once the local cloud's clock has passed the interval (the scheduler
 * fires the step job it missed), the second one is there too.
 */
import { expect, test } from '@playwright/test';
import {
  creatorThroughApi,
  expectPath,
  fanSignUpSteps,
  LANGS,
  lineStandInNewUser,
  pathIn,
  phonePage,
  setClock,
  setClockParked,
  type T,
  text,
} from './support.ts';

/** Past the trigger's one-hour interval. */
const PAST_INTERVAL_MS = 62 * 60_000;
/** The step job runs every minute: a chat is due within that (plus the page's own work). */
const STEP_MS = 90_000;

for (const lang of LANGS) {
  const t: T = (ns, key, vars) => text(lang, ns, key, vars);

  test(`[${lang}] a fan who likes a creator gets the trigger's first message live, and the second after the interval`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const star = await creatorThroughApi(
      request,
      { nickname: lang === 'ja' ? 'ひまわり' : 'Himawari' },
      'trg',
    );
    const first = lang === 'ja' ? 'いいねありがとう！とても嬉しいです。' : 'Thank you for the like!';
    const second =
      lang === 'ja' ? '今週末にライブ配信するので見に来てね。' : 'I am streaming this weekend, come and see.';
    const seeded = await request.post('/_local/demo/trigger', {
      data: {
        username: star.username,
        condition: 3,
        chats: [first, second],
        interval_hours: 1,
        window_start: 0,
        window_end: 24,
      },
    });
    expect(seeded.ok(), await seeded.text()).toBe(true);

    const fan = await phonePage(browser);
    const profile = `/@${star.username}`;
    try {
      // A new fan signs up through LINE and lands back on the creator's profile.
      await fan.goto(pathIn(lang, profile));
      await fan.getByRole('button', { name: t('social', 'profile.like'), exact: true }).click();
      await fan.getByRole('link', { name: t('social', 'profile.login.action') }).click();
      await expectPath(fan, lang, '/user/login');
      await fan.getByRole('button', { name: t('auth', 'userLogin.lineButton') }).click();
      await lineStandInNewUser(fan, `trg-${lang}-${Date.now().toString(36)}`);
      await fanSignUpSteps(fan, lang, profile);

      // The like, then the room with the creator (not created yet: the trigger's chat creates it).
      await fan.getByRole('button', { name: t('social', 'profile.like'), exact: true }).click();
      await expect(fan.getByText(t('social', 'profile.likeDone', { nickname: star.nickname }))).toBeVisible();
      await fan.goto(pathIn(lang, `/chatroom/${star.username}`));
      await expect(fan.getByText(first)).toBeVisible({ timeout: STEP_MS });
      await expect(fan.getByText(second)).toHaveCount(0);

      // An hour later the second chat is due: the clock moves past it and the job catches up.
      await setClockParked(request, PAST_INTERVAL_MS, [fan]);
      await fan.goto(pathIn(lang, `/chatroom/${star.username}`));
      await expect(fan.getByText(first)).toBeVisible();
      await expect(async () => {
        await fan.reload();
        await expect(fan.getByText(second)).toBeVisible({ timeout: 5_000 });
      }).toPass({ timeout: STEP_MS });
      await fan.context().close();
    } finally {
      await setClock(request, 0);
    }
  });
}
