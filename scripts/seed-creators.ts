/**
 * The demo directory of `npm start`: creators with genres, areas and bios in natural Japanese, each
 * with an avatar and a background drawn here (SVG rendered by sharp) and uploaded through the same
 * pipeline as a user's picture (`/mypage/profile/upload-url`, the presigned POST, then
 * `/mypage/profile/image`: checked, re-encoded, public under /media/), so home, discovery and search
 * have living cards. Each completes sign-up, so each has its directory entry.
 */
import sharp from 'sharp';
import { authed, registerByMail } from './local/actors.ts';

export interface DemoCreator {
  email: string;
  username: string;
  nickname: string;
  genre: string;
  area: number;
  bio: string;
  /** Two colours of the pictures. */
  colors: readonly [string, string];
}

export const moreCreators: readonly DemoCreator[] = [
  {
    email: 'yui@example.com',
    username: 'yui',
    nickname: 'ゆい',
    genre: 'イラスト',
    area: 13,
    bio: '水彩風のイラストを描いています。リクエストはチャットでどうぞ。',
    colors: ['#f6a5c0', '#8e6bd8'],
  },
  {
    email: 'kaito@example.com',
    username: 'kaito',
    nickname: 'カイト',
    genre: 'ゲーム実況',
    area: 14,
    bio: '夜はだいたいゲーム配信しています。おすすめのゲームを教えてください！',
    colors: ['#4fc3f7', '#1a237e'],
  },
  {
    email: 'hana@example.com',
    username: 'hana',
    nickname: '花村はな',
    genre: 'カフェ店員',
    area: 26,
    bio: '京都のコンセプトカフェで働いています。お店に来てくれた方はぜひ声をかけてね。',
    colors: ['#ffcc80', '#d84315'],
  },
  {
    email: 'sora@example.com',
    username: 'sora',
    nickname: 'そら',
    genre: '歌い手',
    area: 23,
    bio: 'アニソンとボカロを中心に歌っています。毎週土曜に新しいカバーを公開中。',
    colors: ['#81d4fa', '#00838f'],
  },
  {
    email: 'riko@example.com',
    username: 'riko',
    nickname: 'りこ',
    genre: 'ダンス',
    area: 40,
    bio: '福岡でダンスの先生をしています。振り付けの質問も大歓迎です。',
    colors: ['#ce93d8', '#4a148c'],
  },
  {
    email: 'takumi@example.com',
    username: 'takumi',
    nickname: 'たくみ',
    genre: '料理',
    area: 1,
    bio: '北海道の食材で簡単ごはんを作っています。今日の献立、一緒に考えませんか？',
    colors: ['#a5d6a7', '#2e7d32'],
  },
  {
    email: 'mio@example.com',
    username: 'mio',
    nickname: '澪',
    genre: 'コスプレ',
    area: 27,
    bio: '大阪を拠点にコスプレ撮影をしています。イベント情報もお知らせします。',
    colors: ['#f48fb1', '#ad1457'],
  },
  {
    email: 'shun@example.com',
    username: 'shun',
    nickname: 'しゅん',
    genre: 'ギター弾き語り',
    area: 34,
    bio: '広島の路上で弾き語りをしています。好きな曲をリクエストしてください。',
    colors: ['#ffe082', '#6d4c41'],
  },
  {
    email: 'nana@example.com',
    username: 'nana',
    nickname: 'ななみ',
    genre: 'メイク',
    area: 0,
    bio: 'プチプラコスメでできるメイクを紹介しています。肌悩みの相談もどうぞ。',
    colors: ['#f8bbd0', '#c2185b'],
  },
  {
    email: 'ryo@example.com',
    username: 'ryo',
    nickname: 'リョウ',
    genre: 'フィットネス',
    area: 47,
    bio: '沖縄でパーソナルトレーナーをしています。続けられる運動を一緒に見つけましょう。',
    colors: ['#80cbc4', '#004d40'],
  },
];

/** A round-faced portrait: a gradient, a soft shape and the name's first letters. */
export function avatarSvg(c: { username: string; colors: readonly [string, string] }): string {
  const initials = c.username.slice(0, 2).toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${c.colors[0]}"/><stop offset="1" stop-color="${c.colors[1]}"/>
  </linearGradient></defs>
  <rect width="512" height="512" fill="url(#g)"/>
  <circle cx="400" cy="110" r="70" fill="#ffffff" fill-opacity="0.18"/>
  <circle cx="90" cy="430" r="110" fill="#ffffff" fill-opacity="0.12"/>
  <text x="256" y="300" text-anchor="middle" font-family="sans-serif" font-size="190" font-weight="700"
    fill="#ffffff">${initials}</text>
</svg>`;
}

/** A wide background: the same colours as waves. */
export function backgroundSvg(c: { colors: readonly [string, string] }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="600" viewBox="0 0 1600 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="${c.colors[1]}"/><stop offset="1" stop-color="${c.colors[0]}"/>
  </linearGradient></defs>
  <rect width="1600" height="600" fill="url(#g)"/>
  <path d="M0 420 C 300 340 500 520 800 430 S 1300 330 1600 420 V600 H0Z" fill="#ffffff" fill-opacity="0.2"/>
  <path d="M0 500 C 350 440 600 580 900 510 S 1350 450 1600 520 V600 H0Z" fill="#ffffff" fill-opacity="0.25"/>
</svg>`;
}

/** Uploads a picture as the web client does and makes it the profile's. */
export async function uploadPicture(
  origin: string,
  token: string,
  kind: 'avatar' | 'background',
  png: Buffer,
): Promise<void> {
  const target = (await authed(origin, token, '/mypage/profile/upload-url', {
    kind,
    content_type: 'image/png',
  })) as unknown as UploadTarget;
  await uploadPng(target, png);
  await authed(origin, token, '/mypage/profile/image', { kind, upload_key: target.key });
}

export interface UploadTarget {
  key: string;
  url: string;
  fields: Record<string, string>;
}

/** A PNG sent with a presigned POST form, as the site's upload does. */
export async function uploadPng(target: UploadTarget, png: Buffer): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(target.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }));
  const res = await fetch(target.url, { method: 'POST', body: form });
  if (!res.ok) throw new Error(`the picture upload answered ${res.status}`);
}

export async function pictures(origin: string, token: string, c: DemoCreator | Omit<DemoCreator, 'email'>) {
  await uploadPicture(
    origin,
    token,
    'avatar',
    await sharp(Buffer.from(avatarSvg(c)))
      .png()
      .toBuffer(),
  );
  await uploadPicture(
    origin,
    token,
    'background',
    await sharp(Buffer.from(backgroundSvg(c)))
      .png()
      .toBuffer(),
  );
}

/** Registers each creator, completes sign-up (the bank step skipped) and gives them pictures. */
export async function seedMoreCreators(origin: string, password: string): Promise<void> {
  for (const c of moreCreators) {
    const { access_token: token } = await registerByMail(origin, { email: c.email, password });
    await authed(origin, token, '/mypage/profile/update', {
      username: c.username,
      nickname: c.nickname,
      genre: c.genre,
      bio: c.bio,
      area: c.area,
    });
    await authed(origin, token, '/mypage/user', {
      full_name: `${c.nickname} デモ`,
      notification_email: c.email,
      gender: 'female',
      birth_date: '1997-06-01',
    });
    await authed(origin, token, '/mypage/skip-step', { step: 3 });
    await pictures(origin, token, c);
  }
}
