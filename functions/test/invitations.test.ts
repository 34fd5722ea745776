/**
 * Invitations (A7, A8, P6): a fan who signs up through a creator's link is attributed to the creator
 * (`invitedBy`), and when the fan's sign-up completes the `invitation` item is written once; its
 * stream record gives the creator the `invitation_registration` notice, once.
 */
import { describe, expect, inject, it } from 'vitest';
import { lineSignIn } from '../../scripts/local/actors.ts';
import {
  REDIRECT_URI,
  registerAccount,
  uniqueUsername,
  validProfile,
  validUser,
} from './helpers/accounts.ts';
import { creator } from './helpers/chat.ts';
import { api, drainStreams, testDb } from './helpers/cloud.ts';

const db = testDb();

const invitedFan = (displayName: string, invitedBy?: string) =>
  lineSignIn(
    inject('url'),
    { displayName },
    { redirectUri: REDIRECT_URI, ...(invitedBy ? { invitedBy } : {}) },
  );

const profileOf = async (id: string) => (await db.entities.profile.get({ profileId: id }).go()).data;

async function completeFanSignUp(token: string, nickname: string) {
  expect(
    (
      await api('/mypage/profile/update', {
        token,
        body: { ...validProfile(uniqueUsername('inv')), nickname },
      })
    ).status,
  ).toBe(200);
  expect((await api('/mypage/user', { token, body: validUser })).status).toBe(200);
}

const invitationNotices = async (token: string) =>
  (await api('/notice', { token })).body.notices.filter(
    (n: { kind: string }) => n.kind === 'invitation_registration',
  );

describe('invitations', () => {
  it('attributes the new fan to the creator and tells the creator once, when the sign-up completes', async () => {
    const c = await creator();
    const s = await invitedFan('招待ファン', c.username.toUpperCase());
    expect(s.is_new).toBe(true);
    expect((await profileOf(s.profile_id))?.invitedBy).toBe(c.profileId);

    // Not yet: the fan has not finished signing up.
    await drainStreams();
    expect(await invitationNotices(c.token)).toEqual([]);

    await completeFanSignUp(s.access_token, 'みどり');
    // Saving the step again changes nothing.
    expect((await api('/mypage/user', { token: s.access_token, body: validUser })).status).toBe(200);
    await drainStreams();
    const notices = await invitationNotices(c.token);
    expect(notices).toHaveLength(1);
    expect(notices[0].params).toEqual({ nickname: 'みどり', profile_id: s.profile_id });
    const { data } = await db.entities.invitation.query.byCreator({ creatorId: c.profileId }).go();
    expect(data.map((i) => [i.fanId, i.fanNickname])).toEqual([[s.profile_id, 'みどり']]);
  });

  it('does not attribute an existing fan, an unknown username or a creator who is not public', async () => {
    const c = await creator();
    const first = await invitedFan('既存ファン');
    await completeFanSignUp(first.access_token, '既存');
    const again = await lineSignIn(
      inject('url'),
      { userId: first.lineUserId },
      { redirectUri: REDIRECT_URI, invitedBy: c.username },
    );
    expect(again.is_new).toBe(false);
    expect((await profileOf(first.profile_id))?.invitedBy).toBeUndefined();

    const unknown = await invitedFan('不明', 'nosuchcreator42');
    expect(unknown.is_new).toBe(true);
    expect((await profileOf(unknown.profile_id))?.invitedBy).toBeUndefined();

    const unfinished = await registerAccount();
    const name = uniqueUsername('half');
    await api('/mypage/profile/update', { token: unfinished.access_token, body: validProfile(name) });
    const notPublic = await invitedFan('未公開', name);
    expect((await profileOf(notPublic.profile_id))?.invitedBy).toBeUndefined();

    await drainStreams();
    expect(await invitationNotices(c.token)).toEqual([]);
  });

  it('refuses an invitation that is not a username', async () => {
    const res = await api('/auth/line/authorize', {
      body: { redirect_uri: REDIRECT_URI, invited_by: 'not a name!' },
    });
    expect(res.status).toBe(422);
  });
});
