/**
 * The demo organization (issue 16), through the public API like a real owner: owner@example.com
 * completes its sign-up, applies for 'ラウンジ 月灯り' (public), is approved through the local
 * cloud's review route (the review service, its mail in the outbox), and creates two casts who
 * chose their own password (the demo password) and filled in their profiles. A third cast,
 * `hoshizora`, still has its first password (`Hoshi#2026`): logging in at /creator/login/cast asks
 * for a new one.
 */

import sharp from 'sharp';
import { authed, post, registerByMail } from './local/actors.ts';
import { avatarSvg, pictures, type UploadTarget, uploadPng } from './seed-creators.ts';

const OWNER = 'owner@example.com';
const FIRST_PASSWORD = 'Hoshi#2026';

const casts = [
  {
    username: 'tsukino',
    nickname: '月野あかり',
    genre: 'コンカフェ',
    area: 13,
    bio: '月灯りでキャストをしています。お店の外でもお話ししましょう。',
    colors: ['#b39ddb', '#311b92'],
  },
  {
    username: 'yuzuha',
    nickname: '柚葉',
    genre: 'ラウンジ',
    area: 13,
    bio: '週末は月灯りにいます。好きなお酒の話を聞かせてください。',
    colors: ['#ffe082', '#ff6f00'],
  },
] as const;

export async function seedDemoOrganization(origin: string, password: string): Promise<void> {
  const session = await registerByMail(origin, { email: OWNER, password, roleId: 1 });
  const token = session.access_token;
  await authed(origin, token, '/mypage/profile/update', {
    username: 'tsukiakari',
    nickname: '月灯り オーナー',
    area: 13,
  });
  await authed(origin, token, '/mypage/user', {
    full_name: '山本 真理',
    notification_email: OWNER,
    gender: 'female',
    birth_date: '1985-09-30',
  });
  await authed(origin, token, '/mypage/bank', {
    bank_code: '0001',
    branch_code: '001',
    account_type: 'ordinary',
    account_number: '7654321',
    account_owner: 'ヤマモト　マリ',
  });
  // The logo: drawn initials in the organization's colours, through the presigned upload and the
  // pipeline like the form's.
  const logo = await sharp(Buffer.from(avatarSvg({ username: 'TA', colors: ['#1a237e', '#7e57c2'] })))
    .png()
    .toBuffer();
  const target = (await authed(origin, token, '/organizations/logo-url', {
    content_type: 'image/png',
  })) as unknown as UploadTarget;
  await uploadPng(target, logo);
  await authed(origin, token, '/organizations', {
    logo_upload_key: target.key,
    name: 'ラウンジ 月灯り',
    category: 1,
    address: '東京都新宿区歌舞伎町1-2-3',
    is_public: true,
  });
  await post(`${origin}/_local/demo/organization-review`, { email: OWNER, approve: true });
  for (const c of casts) {
    await authed(origin, token, '/organizations/casts', {
      nickname: c.nickname,
      username: c.username,
      password: FIRST_PASSWORD,
      password_confirmation: FIRST_PASSWORD,
    });
    const login = (await post(`${origin}/api/auth/login-profile`, {
      username: c.username,
      password: FIRST_PASSWORD,
    })) as { access_token: string };
    await authed(origin, login.access_token, '/auth/cast-password', {
      password,
      password_confirmation: password,
    });
    await authed(origin, login.access_token, '/mypage/profile/update', {
      username: c.username,
      nickname: c.nickname,
      genre: c.genre,
      bio: c.bio,
      area: c.area,
    });
    await pictures(origin, login.access_token, c);
  }
  await authed(origin, token, '/organizations/casts', {
    nickname: '星空みゆ',
    username: 'hoshizora',
    password: FIRST_PASSWORD,
    password_confirmation: FIRST_PASSWORD,
  });
}
