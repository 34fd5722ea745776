/** Chat actors through the public API: set-up creators and fans, points, rooms, sockets. */
import { randomUUID } from 'node:crypto';
import { jstDate } from '@app/shared/time';
import { inject } from 'vitest';
import WebSocket from 'ws';
import { newId } from '../../src/lib/crypto.ts';
import { credit } from '../../src/services/points/ledger.ts';
import { registerAccount, signInFan, uniqueUsername, validProfile, validUser } from './accounts.ts';
import { type ApiResponse, api, manualClock, testDb } from './cloud.ts';

export interface Member {
  token: string;
  refreshToken: string;
  profileId: string;
  username: string;
  roleId: number;
  /** E-mail accounts: the login e-mail. */
  email?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: test code reads response fields freely
async function ok(res: Promise<ApiResponse<any>>, what: string) {
  const r = await res;
  if (r.status !== 200) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r;
}

/** A creator with sign-up complete (profile, user info, bank step skipped). */
export async function creator(opts: { roleId?: 1 | 2; campaignCode?: string } = {}): Promise<Member> {
  const s = await registerAccount({
    roleId: opts.roleId ?? 2,
    ...(opts.campaignCode ? { campaignCode: opts.campaignCode } : {}),
  });
  const username = uniqueUsername('cr');
  await ok(api('/mypage/profile/update', { token: s.access_token, body: validProfile(username) }), 'profile');
  await ok(api('/mypage/user', { token: s.access_token, body: validUser }), 'user');
  await ok(api('/mypage/skip-step', { token: s.access_token, body: { step: 3 } }), 'skip');
  return {
    token: s.access_token,
    refreshToken: s.refresh_token,
    profileId: s.profile_id,
    username,
    roleId: opts.roleId ?? 2,
    ...(s.email ? { email: s.email } : {}),
  };
}

/** Today's chat price as the switch job leaves it (a price set today applies tomorrow). */
export async function priceToday(creatorId: string, cost: number, extra: Record<string, boolean> = {}) {
  await testDb()
    .entities.businessSettings.upsert({
      profileId: creatorId,
      chatCost: cost,
      chatCostNext: cost,
      chatCostNextFrom: jstDate(new Date()),
      costPending: false,
      chatLocked: false,
      rejectFreePoints: false,
      allowBackNumberReview: false,
      ...extra,
      version: 1,
      updatedAt: new Date().toISOString(),
    })
    .go();
}

/** A fan through LINE with sign-up complete (profile, user info). */
export async function fan(): Promise<Member> {
  const s = await signInFan({ displayName: 'チャットファン' });
  const username = uniqueUsername('fan');
  await ok(api('/mypage/profile/update', { token: s.access_token, body: validProfile(username) }), 'profile');
  await ok(api('/mypage/user', { token: s.access_token, body: validUser }), 'user');
  return {
    token: s.access_token,
    refreshToken: s.refresh_token,
    profileId: s.profile_id,
    username,
    roleId: 4,
  };
}

/** New tokens for a member (after the cloud's clock moved past the access token's hour). */
export async function renew(m: Member): Promise<void> {
  const res = await ok(api('/auth/update_token', { body: { refresh_token: m.refreshToken } }), 'renew');
  m.token = res.body.access_token;
  m.refreshToken = res.body.refresh_token;
}

/** Credits points to a holder through the ledger (as a purchase or a grant would). */
export async function give(
  holderId: string,
  points: number,
  kind: 'mushroom' | 'leaf' | 'original' = 'mushroom',
  issuerId?: string,
) {
  await credit(
    { db: testDb(), clock: manualClock() },
    {
      holderId,
      kind,
      ...(issuerId ? { issuerId } : {}),
      points,
      txId: newId(),
      journalKind: kind === 'mushroom' ? 'purchase' : 'grant',
      log:
        kind === 'mushroom'
          ? { type: 3, detail: 'purchased', yen: points * 10 }
          : { type: 4, detail: kind === 'original' ? 'granted_by_creator' : 'granted' },
    },
  );
}

export async function setCost(c: Member, cost: number) {
  return ok(api('/mypage/business-setting', { token: c.token, body: { chat_cost: cost } }), 'business');
}

/** Opens (or finds) the room of a fan and a creator; returns its id. */
export async function room(f: Member, c: Member): Promise<string> {
  const res = await ok(
    api('/chatroom/create', { token: f.token, body: { profile_id: c.profileId } }),
    'room',
  );
  return res.body.id as string;
}

export const send = (m: Member, chatroomId: string, body: Record<string, unknown>, uuid = randomUUID()) =>
  api('/chat', { token: m.token, body: { chatroom_id: chatroomId, uuid, ...body } });

export async function balance(m: Member): Promise<number> {
  return (await ok(api('/store', { token: m.token }), 'store')).body.balance.total as number;
}

export function openSocket(m: Member): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(
      `${inject('wsUrl')}?${new URLSearchParams({ token: m.token, profile_id: m.profileId })}`,
    );
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

/** Every JSON message a socket receives, in order. */
export function collect(socket: WebSocket): unknown[] {
  const seen: unknown[] = [];
  socket.on('message', (data) => seen.push(JSON.parse(String(data))));
  return seen;
}
