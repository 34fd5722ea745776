/**
 * Business settings (M7) and the daily chat-price switch (J1). A price change is stored as
 * tomorrow's value; reads apply the lazy rule of `effectiveChatCost`, and the switch job only
 * makes the stored value catch up, so a late or repeated run changes nothing visible.
 */
import { effectiveChatCost, nextDate, pendingChatCost } from '@app/shared/chat';
import { businessConfig } from '@app/shared/config';
import type { BusinessSettingRequest, BusinessSettingsView } from '@app/shared/schemas/mypage';
import { jstDate } from '@app/shared/time';
import type { EntityItem } from 'electrodb';
import type { BusinessSettings } from '../../db/entities/business-settings.ts';
import { isConditionFailure } from '../../db/errors.ts';
import type { Db } from '../../db/service.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { forEachDueDate } from '../daily-catch-up.ts';

export type BusinessItem = EntityItem<typeof BusinessSettings>;

export interface BusinessDeps {
  db: Db;
  clock: Clock;
}

export async function readBusiness(db: Db, profileId: string, consistent = false) {
  const { data } = await db.entities.businessSettings.get({ profileId }).go({ consistent });
  return data;
}

export function businessView(item: BusinessItem | null | undefined, today: string): BusinessSettingsView {
  return {
    chat_cost: effectiveChatCost(item, today),
    chat_cost_next: pendingChatCost(item, today),
    cost_update_time: businessConfig.chat.dailyUpdateTimeJst,
    chat_locked: item?.chatLocked ?? false,
    reject_free_points: item?.rejectFreePoints ?? false,
    allow_back_number_review: item?.allowBackNumberReview ?? false,
    invoice_number: item?.invoiceNumber ?? null,
  };
}

/**
 * The settings after a request: a price differing from today's effective one becomes tomorrow's
 * value (a pending change that has already come due is folded into today's first, so a late
 * switch job never loses it); the flags and the invoice number apply at once (null or '' clears it).
 */
export function nextBusinessState(
  current: BusinessItem | null,
  req: BusinessSettingRequest,
  today: string,
): Omit<BusinessItem, 'profileId' | 'version' | 'updatedAt'> {
  const cost = effectiveChatCost(current, today);
  const pending = pendingChatCost(current, today);
  const base = {
    chatLocked: req.chat_locked ?? current?.chatLocked ?? false,
    rejectFreePoints: req.reject_free_points ?? current?.rejectFreePoints ?? false,
    allowBackNumberReview: req.allow_back_number_review ?? current?.allowBackNumberReview ?? false,
    invoiceNumber:
      req.invoice_number === undefined ? current?.invoiceNumber : req.invoice_number || undefined,
  };
  const wanted = req.chat_cost ?? pending?.cost ?? cost;
  if (wanted === cost) {
    // No change to come (or the change was taken back): nothing pending.
    return { ...base, chatCost: cost, chatCostNext: cost, chatCostNextFrom: today, costPending: false };
  }
  return {
    ...base,
    chatCost: cost,
    chatCostNext: wanted,
    chatCostNextFrom: req.chat_cost === undefined && pending ? pending.from : nextDate(today),
    costPending: true,
  };
}

/**
 * `POST /mypage/business-setting`: read, compute, write the whole item (a put, so a cleared
 * invoice number goes away) with the version as optimistic lock.
 */
export async function updateBusinessSettings(
  deps: BusinessDeps,
  profileId: string,
  req: BusinessSettingRequest,
): Promise<BusinessSettingsView> {
  for (let attempt = 1; ; attempt++) {
    const now = deps.clock.now();
    const today = jstDate(now);
    const current = await readBusiness(deps.db, profileId, true);
    const state = nextBusinessState(current, req, today);
    const version = (current?.version ?? 0) + 1;
    try {
      await deps.db.entities.businessSettings
        .put({ profileId, ...state, version, updatedAt: now.toISOString() })
        .where((a, op) => (current ? op.eq(a.version, current.version) : op.notExists(a.version)))
        .go();
      return businessView({ profileId, ...state, version, updatedAt: now.toISOString() }, today);
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      // Saved concurrently (another tab): read again and apply this request on top.
      if (attempt >= 3) throw new AppError('too_many_requests', 'business settings kept conflicting');
    }
  }
}

const JOB = 'chat-cost-switch';

/**
 * J1: makes every price change whose date has come today's stored value. The conditional write
 * (`costPending` and the same date) decides each change once, so a second run the same day, or
 * two runs at once, apply nothing more. A cursor (yesterday) makes a late run catch up.
 */
export async function applyDueCostChanges(
  deps: BusinessDeps,
  jobName = JOB,
): Promise<{ applied: number; from: string; to: string }> {
  let applied = 0;
  // Changes are always for tomorrow, so every date before today is complete.
  const range = await forEachDueDate(deps.db, jobName, deps.clock.now(), async (date) => {
    const { data } = await deps.db.entities.businessSettings.query
      .costChange({ chatCostNextFrom: date })
      .go({ pages: 'all' });
    for (const item of data) {
      if (!item.costPending || item.chatCostNext === undefined) continue;
      try {
        await deps.db.entities.businessSettings
          .patch({ profileId: item.profileId })
          .set({ chatCost: item.chatCostNext, costPending: false, chatCostNextFrom: date })
          .add({ version: 1 })
          .where(
            (a, op) =>
              `${op.eq(a.costPending, true)} AND ${op.eq(a.chatCostNextFrom, date)} AND ${op.eq(a.chatCostNext, item.chatCostNext as number)}`,
          )
          .go();
        applied++;
      } catch (error) {
        // Applied already (a repeated run) or changed meanwhile: the reader's lazy rule covers it.
        if (!isConditionFailure(error)) throw error;
      }
    }
  });
  return { applied, ...range };
}
