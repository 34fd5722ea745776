import { z } from 'zod';
import { businessConfig } from './config.ts';

const L = businessConfig.limits;

/** Validation messages are i18n keys (catalogue section `validation`). */
export const V = {
  required: 'validation.required',
  email: 'validation.email',
  username: 'validation.username',
  passwordFormat: 'validation.password',
  passwordMismatch: 'validation.passwordMismatch',
  code: 'validation.code',
  genreMax: 'validation.genreMax',
  bioMax: 'validation.bioMax',
  nicknameRequired: 'validation.nicknameRequired',
  nicknameMax: 'validation.nicknameMax',
  area: 'validation.area',
  gender: 'validation.gender',
  fullName: 'validation.fullName',
  birthDate: 'validation.birthDate',
  bank: 'validation.bank',
  branch: 'validation.branch',
  accountType: 'validation.accountType',
  accountNumber: 'validation.accountNumber',
  accountOwner: 'validation.accountOwner',
  accountOwnerKana: 'validation.accountOwnerKana',
  purchaseAmount: 'validation.purchaseAmount',
  purchasePrice: 'validation.purchasePrice',
  purchaseKey: 'validation.purchaseKey',
  cardRequired: 'validation.cardRequired',
  termsRequired: 'validation.termsRequired',
  chatCost: 'validation.chatCost',
  messageContent: 'validation.messageContent',
  messageMax: 'validation.messageMax',
  messageKey: 'validation.messageKey',
  chatFile: 'validation.chatFile',
  chatroomId: 'validation.chatroomId',
  chatPeer: 'validation.chatPeer',
  reportType: 'validation.reportType',
  reportDetail: 'validation.reportDetail',
} as const;

export const USERNAME_RE = new RegExp(`^[A-Za-z0-9]{${L.usernameMin},${L.usernameMax}}$`);
/** Printable ASCII without spaces: letters, numbers and symbols. */
export const PASSWORD_RE = new RegExp(`^[\\x21-\\x7E]{${L.passwordMin},${L.passwordMax}}$`);
/**
 * Account holder as the bank prints it: full-width katakana (with the long-vowel mark and the
 * small letters), full-width digits and letters, the characters banks allow （）．－／,
 * parts separated by one full-width space.
 */
export const ACCOUNT_OWNER_RE = /^[ァ-ヴー０-９Ａ-Ｚ（）．－／]+(　[ァ-ヴー０-９Ａ-Ｚ（）．－／]+)*$/;

export const emailSchema = z
  .string({ error: V.required })
  .trim()
  .toLowerCase()
  .min(1, V.required)
  .max(254, V.email)
  .pipe(z.email({ error: V.email }));
export const passwordSchema = z
  .string({ error: V.required })
  .min(1, V.required)
  .regex(PASSWORD_RE, V.passwordFormat);
export const usernameSchema = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .regex(USERNAME_RE, V.username);
export const codeSchema = z
  .string({ error: V.required })
  .trim()
  .regex(/^\d{6}$/, V.code);
/** Calendar date YYYY-MM-DD that exists. */
export const isoDateSchema = z.iso.date({ error: V.birthDate });

/** Age in whole years on a JST date. */
export function ageOn(birthDate: string, todayJst: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = todayJst.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}
