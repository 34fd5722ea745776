/**
 * Demo data for `npm start` on an empty table, made through the public API like real users:
 * thirteen creators with complete profiles and pictures (seed-creators.ts: three here, ten more
 * there), an organization owner with its approved organization and casts (seed-organization.ts), and a fan who signed in with LINE
 * ひなた (with a test card and 500 mushrooms, and a chat with sakura: a paid message, her reply, a stamp),
 * sakura's shop (four published items, seed-items.ts) and her fan club with a few posts
 * (seed-fanclub.ts: last month's and this month's members-only photos, a public text post).
 * Every demo account uses the password below (README lists the accounts).
 */
import { randomUUID } from 'node:crypto';
import { localNonceFor } from '@app/shared/square-sandbox';
import { authed, latestCode, lineSignIn, registerByMail } from './local/actors.ts';
import { DEFAULT_LINE_USERS } from './local/line.ts';
import { seedDemoReports } from './seed-admin-reports.ts';
import { pictures, seedMoreCreators } from './seed-creators.ts';
import { demoFanclub, seedDemoFanclub } from './seed-fanclub.ts';
import { seedHome } from './seed-home.ts';
import { createDemoItem, demoItems } from './seed-items.ts';
import { seedDemoOrganization } from './seed-organization.ts';
import { seedReviewQueue } from './seed-review.ts';
import { seedWithdrawalRequest } from './seed-withdrawals.ts';

export const DEMO_PASSWORD = 'Kinoko#2026';

const creators = [
  {
    email: 'sakura@example.com',
    colors: ['#ffb7c5', '#e0457b'],
    username: 'sakura',
    nickname: '桜井さくら',
    genre: 'アイドル',
    area: 13,
    bio: '毎日19時ごろにチャットをお返しします。',
  },
  {
    email: 'ren@example.com',
    colors: ['#90a4ae', '#263238'],
    username: 'ren',
    nickname: '蓮',
    genre: 'バンド',
    area: 27,
    bio: 'ギターと作曲をしています。新曲の話をしましょう。',
  },
  {
    email: 'mika@example.com',
    colors: ['#fff59d', '#f57f17'],
    username: 'mika',
    nickname: 'Mika',
    genre: 'Cosplay',
    area: 999,
    bio: 'Cosplayer based in Seoul. 日本語もOK!',
  },
] as const;

async function seedItems(username: string): Promise<void> {
  const { getDb } = await import('../functions/src/db/service.ts');
  const { s3MediaStore } = await import('../functions/src/lib/media-store.ts');
  const { systemClock } = await import('../functions/src/lib/clock.ts');
  const deps = { db: getDb(), clock: systemClock, media: s3MediaStore() };
  for (const item of demoItems(username)) await createDemoItem(deps, item);
}

async function seedFanclub(username: string): Promise<void> {
  const { getDb } = await import('../functions/src/db/service.ts');
  const { s3MediaStore } = await import('../functions/src/lib/media-store.ts');
  const { systemClock } = await import('../functions/src/lib/clock.ts');
  const deps = { db: getDb(), clock: systemClock, media: s3MediaStore() };
  await seedDemoFanclub(deps, demoFanclub(username, systemClock.now()));
}

async function seedAdmin(): Promise<void> {
  const { createAdmin } = await import('../functions/src/services/admin/auth.ts');
  const { getDb } = await import('../functions/src/db/service.ts');
  const { systemClock } = await import('../functions/src/lib/clock.ts');
  await createAdmin(
    { db: getDb(), clock: systemClock },
    { email: 'admin@example.com', nickname: '運営 たろう', password: DEMO_PASSWORD, by: 'seed' },
  );
}

export default async function seed(cloud: { url: string }): Promise<void> {
  const origin = cloud.url;
  const creatorTokens: string[] = [];
  for (const [i, c] of creators.entries()) {
    const session = await registerByMail(origin, { email: c.email, password: DEMO_PASSWORD });
    const token = session.access_token;
    creatorTokens.push(token);
    await authed(origin, token, '/mypage/profile/update', {
      username: c.username,
      nickname: c.nickname,
      genre: c.genre,
      bio: c.bio,
      area: c.area,
    });
    await authed(origin, token, '/mypage/user', {
      full_name: ['桜井 さくら', '高橋 蓮', 'Kim Mika'][i],
      notification_email: c.email,
      gender: 'female',
      birth_date: ['1998-04-12', '1995-11-03', '2000-07-21'][i],
    });
    if (i === 0) {
      await authed(origin, token, '/mypage/bank', {
        bank_code: '0001',
        branch_code: '001',
        account_type: 'ordinary',
        account_number: '1234567',
        account_owner: 'サクライ　サクラ',
      });
    } else {
      await authed(origin, token, '/mypage/skip-step', { step: 3 });
    }
    await pictures(origin, token, c);
  }
  await seedMoreCreators(origin, DEMO_PASSWORD);
  // The organization owner, its approved organization and casts (scripts/seed-organization.ts).
  await seedDemoOrganization(origin, DEMO_PASSWORD);
  // The operator admin@example.com (scripts/admin-create.ts, as `npm run admin:create` makes it):
  // its first login at /admin/login enrols an authenticator app.
  await seedAdmin();
  // Each console section's demo data (issue 17), below its own line.
  // Console: reports and users (helper reports): ひなた's open reports on ren's messages.
  await seedDemoReports(origin, creatorTokens[1] as string);
  //
  // Console: withdrawals and the transfer file (helper withdrawals)
  // sakura's closed last month and its withdrawal request, waiting (scripts/seed-withdrawals.ts).
  await seedWithdrawalRequest(origin, creatorTokens[0] as string);
  // Console: news, the banner and points (helper content)
  //
  // Console: organization reviews and item moderation (helper review)
  // owner2@example.com's application, under review (scripts/seed-review.ts).
  await seedReviewQueue(origin, DEMO_PASSWORD);
  //
  // Console: stamps and campaigns (helper catalog)
  //
  // Console: the dashboard (helper dashboard)
  //
  // Console: access and the audit log (helper access)
  //
  // Home's news and campaign banner (scripts/seed-home.ts).
  await seedHome();
  // sakura's shop (scripts/seed-items.ts): published items with real pictures.
  await seedItems('sakura');
  // sakura's fan club (scripts/seed-fanclub.ts): settings and posts with real pictures.
  await seedFanclub('sakura');

  const fanUser = DEFAULT_LINE_USERS[0];
  if (fanUser) {
    const fan = await lineSignIn(origin, { userId: fanUser.userId });
    await authed(origin, fan.access_token, '/mypage/profile/update', {
      username: 'hinata',
      nickname: fanUser.displayName,
      area: 14,
    });
    await authed(origin, fan.access_token, '/mypage/user', {
      full_name: '佐藤 ひなた',
      notification_email: 'fan@example.com',
      gender: 'female',
      birth_date: '2001-02-14',
    });
    // The notification e-mail confirmed with its code, so LINE recovery can be tried with it.
    await authed(origin, fan.access_token, '/mypage/notification-email/code', {});
    await authed(origin, fan.access_token, '/mypage/notification-email/verify', {
      code: await latestCode(origin, 'fan@example.com'),
    });
    // A card on file and 500 mushrooms bought through the Square stand-in, as a fan would.
    const { customer_id } = (await authed(origin, fan.access_token, '/square/create-customer', {})) as {
      customer_id: string;
    };
    const { card } = (await authed(origin, fan.access_token, '/square/create-card', {
      source_id: localNonceFor('4111111111111111'),
      cardholder_name: 'HANAKO SATO',
    })) as { card: { id: string } };
    await authed(origin, fan.access_token, '/square/create-payment', {
      uuid: randomUUID(),
      customerId: customer_id,
      sourceId: card.id,
      amount: 500,
      price: 5000,
    });
    // A chat with sakura, who has also set tomorrow's price per message.
    const sakura = creatorTokens[0] as string;
    await authed(origin, sakura, '/mypage/business-setting', { chat_cost: 10 });
    const room = (await authed(origin, fan.access_token, '/chatroom/create', { username: 'sakura' })) as {
      id: string;
    };
    const say = (token: string, body: Record<string, unknown>) =>
      authed(origin, token, '/chat', { chatroom_id: room.id, uuid: randomUUID(), ...body });
    await say(fan.access_token, { text: 'はじめまして！いつも配信を見ています。' });
    await say(sakura, { text: 'メッセージありがとう！これからもよろしくね。' });
    await say(fan.access_token, { stamp_id: 'thanks' });
  }
}
