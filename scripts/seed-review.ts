/**
 * The operators' review queue's demo content (issue 17, console: organization reviews): a second
 * owner, owner2@example.com, completes its sign-up and applies for 'スナック 夕凪' (private, no
 * logo) through the public API; it stays under review, so /admin/organizations has an application
 * to decide.
 */
import { authed, registerByMail } from './local/actors.ts';

const OWNER2 = 'owner2@example.com';

export async function seedReviewQueue(origin: string, password: string): Promise<void> {
  const session = await registerByMail(origin, { email: OWNER2, password, roleId: 1 });
  const token = session.access_token;
  await authed(origin, token, '/mypage/profile/update', {
    username: 'yuunagi',
    nickname: '夕凪 ママ',
    area: 27,
  });
  await authed(origin, token, '/mypage/user', {
    full_name: '中村 由美',
    notification_email: OWNER2,
    gender: 'female',
    birth_date: '1979-06-18',
  });
  // Sign-up's last step (the payout account) is skipped: applying needs a complete sign-up.
  await authed(origin, token, '/mypage/skip-step', { step: 3 });
  await authed(origin, token, '/organizations', {
    name: 'スナック 夕凪',
    category: 2,
    address: '大阪府大阪市北区曽根崎2-4-6',
    is_public: false,
  });
}
