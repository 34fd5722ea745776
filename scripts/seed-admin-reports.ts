/**
 * The console's report queue (issue 17), through the public API like real users: ren writes to
 * the fan ひなた (a creator may open the room), and ひなた reports two of his messages (spam,
 * harassment) and ren himself, so `/admin/reports` has open reports to handle. ひなた is the LINE
 * test user the seed's fan block sets up later (signing in again finds the same account).
 */
import { randomUUID } from 'node:crypto';
import { authed, lineSignIn } from './local/actors.ts';
import { DEFAULT_LINE_USERS } from './local/line.ts';

export async function seedDemoReports(origin: string, creatorToken: string): Promise<void> {
  const hinata = DEFAULT_LINE_USERS[0];
  if (!hinata) return;
  const fan = await lineSignIn(origin, { userId: hinata.userId });
  const room = (await authed(origin, creatorToken, '/chatroom/create', { profile_id: fan.profile_id })) as {
    id: string;
  };
  const say = async (text: string) =>
    (
      (await authed(origin, creatorToken, '/chat', { chatroom_id: room.id, uuid: randomUUID(), text })) as {
        message: { id: string };
      }
    ).message.id;
  await say('はじめまして、蓮です。新曲を作っています。');
  const spam = await say('今だけ！このURLから登録すると10万円もらえます http://example.com/get-rich');
  const rude = await say('返事しないならもう二度と来るな。');
  const report = (body: Record<string, unknown>) => authed(origin, fan.access_token, '/report', body);
  await report({ type: 1, detail: '怪しいURLへの誘導です。', chatroom_id: room.id, message_id: spam });
  await report({ type: 3, detail: '急に乱暴な言葉を送られました。', chatroom_id: room.id, message_id: rude });
  await report({ type: 4, detail: '何度もメッセージが届きます。', chatroom_id: room.id });
}
