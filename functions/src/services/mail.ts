/** The e-mail templates, in ja and en (sending: lib/mailer.ts). */

import type { Language } from '@app/shared/config';
import { businessConfig } from '@app/shared/config';
import { env } from '../lib/env.ts';
import type { Mail } from '../lib/mailer.ts';

export type { Mail, Mailer } from '../lib/mailer.ts';

export type CodePurpose = 'register' | 'reset' | 'line-recovery' | 'notify-email' | 'bank-change';

const minutes = businessConfig.auth.verificationCodeMinutes;
/** The service's name in every subject, as the header writes it. */
const BRAND = businessConfig.brandName;

const codeTemplates: Record<CodePurpose, Record<Language, { subject: string; lead: string }>> = {
  register: {
    ja: {
      subject: `【${BRAND}】メールアドレスの確認コード`,
      lead: 'ご登録ありがとうございます。以下の確認コードを登録画面に入力してください。',
    },
    en: {
      subject: `[${BRAND}] Your verification code`,
      lead: 'Thank you for signing up. Enter this code on the registration screen.',
    },
  },
  reset: {
    ja: {
      subject: `【${BRAND}】パスワード再設定の確認コード`,
      lead: 'パスワード再設定のご依頼を受け付けました。以下の確認コードを入力してください。',
    },
    en: {
      subject: `[${BRAND}] Password reset code`,
      lead: 'We received a request to reset your password. Enter this code to continue.',
    },
  },
  'line-recovery': {
    ja: {
      subject: `【${BRAND}】LINEアカウント引き継ぎの確認コード`,
      lead: 'LINEアカウントの引き継ぎのご依頼を受け付けました。以下の確認コードを入力してください。',
    },
    en: {
      subject: `[${BRAND}] LINE account recovery code`,
      lead: 'We received a request to move your account to a new LINE account. Enter this code to continue.',
    },
  },
  'notify-email': {
    ja: {
      subject: `【${BRAND}】通知用メールアドレスの確認コード`,
      lead: '通知用メールアドレスの確認のため、以下の確認コードをアカウント設定の画面に入力してください。確認済みのアドレスは、LINEアカウントの引き継ぎに使えます。',
    },
    en: {
      subject: `[${BRAND}] Confirm your notification e-mail`,
      lead: 'To confirm your notification e-mail address, enter this code on the account settings screen. A confirmed address can be used to move your account to a new LINE account.',
    },
  },
  'bank-change': {
    ja: {
      subject: `【${BRAND}】振込先口座の変更の確認コード`,
      lead: '振込先口座の変更のお手続きを受け付けました。以下の確認コードを口座情報の画面に入力してください。',
    },
    en: {
      subject: `[${BRAND}] Code to change your bank details`,
      lead: 'We received a request to change the bank account your rewards are paid to. Enter this code on the bank details screen.',
    },
  },
};

export function codeMail(purpose: CodePurpose, lang: Language, to: string, code: string): Mail {
  const t = codeTemplates[purpose][lang];
  const validity =
    lang === 'ja' ? `確認コードの有効期限は${minutes}分です。` : `The code is valid for ${minutes} minutes.`;
  const ignore =
    lang === 'ja'
      ? 'お心当たりのない場合は、このメールを破棄してください。'
      : 'If you did not request this, you can ignore this e-mail.';
  return {
    to,
    subject: t.subject,
    text: [t.lead, '', code, '', validity, ignore, '', env().SITE_URL].join('\n'),
  };
}

/**
 * Sent instead of a code when someone starts a registration with an address that already has an
 * account: the registration screen answers the same either way, and the owner learns of it.
 */
export function accountExistsMail(lang: Language, to: string): Mail {
  const site = env().SITE_URL;
  const prefix = lang === 'ja' ? '' : '/en';
  const lines =
    lang === 'ja'
      ? [
          'このメールアドレスで新規登録のお申し込みがありましたが、このアドレスのアカウントはすでに登録されています。',
          '',
          `ログイン: ${site}/creator/login`,
          `パスワードをお忘れの場合: ${site}/creator/forgot-password`,
          '',
          'お心当たりのない場合は、このメールを破棄してください。アカウントに変更は加えられていません。',
        ]
      : [
          'Someone asked to sign up with this e-mail address, but an account with this address already exists.',
          '',
          `Log in: ${site}${prefix}/creator/login`,
          `Forgot your password: ${site}${prefix}/creator/forgot-password`,
          '',
          'If this was not you, you can ignore this e-mail. Nothing was changed in your account.',
        ];
  return {
    to,
    subject:
      lang === 'ja'
        ? `【${BRAND}】このメールアドレスは登録済みです`
        : `[${BRAND}] You already have an account`,
    text: lines.join('\n'),
  };
}

export interface ReceiptFacts {
  paymentId: string;
  mushrooms: number;
  yen: number;
  paidAt: Date;
  expiresAt: Date;
}

/** The purchase receipt (e-mail), in the language of the purchase. */
export function purchaseReceiptMail(lang: Language, to: string, r: ReceiptFacts): Mail {
  const when = (d: Date) =>
    new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-GB', {
      timeZone: businessConfig.timeZone,
      dateStyle: 'long',
      timeStyle: 'short',
    }).format(d);
  const yen = new Intl.NumberFormat('ja-JP').format(r.yen);
  const count = new Intl.NumberFormat('ja-JP').format(r.mushrooms);
  const site = env().SITE_URL;
  const lines =
    lang === 'ja'
      ? [
          'キノコをご購入いただきありがとうございます。以下の内容でお支払いが完了しました。',
          '',
          `ご購入日時: ${when(r.paidAt)}`,
          `内容: キノコ ${count}個`,
          `お支払い金額: ${yen}円（税込）`,
          '支払方法: クレジットカード',
          `有効期限: ${when(r.expiresAt)}（購入から${businessConfig.points.lotDays}日）`,
          `お支払い番号: ${r.paymentId}`,
          '',
          'ご購入後のキャンセル・返金はできません（利用規約に定める場合を除きます）。',
          `ポイント履歴: ${site}/mypage/points`,
        ]
      : [
          'Thank you for buying mushrooms. Your payment is complete.',
          '',
          `Date: ${when(r.paidAt)}`,
          `Item: ${count} mushrooms`,
          `Amount paid: ${yen} yen (tax included)`,
          'Payment method: credit card',
          `Valid until: ${when(r.expiresAt)} (${businessConfig.points.lotDays} days from purchase)`,
          `Payment number: ${r.paymentId}`,
          '',
          'Purchases cannot be cancelled or refunded except as the terms of service provide.',
          `Point history: ${site}/en/mypage/points`,
        ];
  return {
    to,
    subject: lang === 'ja' ? `【${BRAND}】ご購入ありがとうございます` : `[${BRAND}] Your purchase receipt`,
    text: lines.join('\n'),
  };
}

/** The review of an organization's application (issue 16): approved, or rejected with the reason. */
export function organizationReviewMail(
  lang: Language,
  to: string,
  r: { name: string; approved: boolean; reason?: string },
): Mail {
  const page = `${env().SITE_URL}${lang === 'ja' ? '' : '/en'}/organization`;
  if (r.approved) {
    return {
      to,
      subject:
        lang === 'ja'
          ? `【${BRAND}】組織の登録が承認されました`
          : `[${BRAND}] Your organization has been approved`,
      text: (lang === 'ja'
        ? [
            `「${r.name}」の登録審査が完了し、承認されました。`,
            '組織の管理画面から、キャストのアカウントを作成できます。',
            '',
            page,
          ]
        : [
            `The application for "${r.name}" has been reviewed and approved.`,
            'You can now create accounts for your casts on the organization screen.',
            '',
            page,
          ]
      ).join('\n'),
    };
  }
  return {
    to,
    subject:
      lang === 'ja'
        ? `【${BRAND}】組織の登録審査の結果について`
        : `[${BRAND}] About your organization's application`,
    text: (lang === 'ja'
      ? [
          `「${r.name}」の登録審査の結果、今回は承認を見送らせていただきました。`,
          '',
          '理由:',
          r.reason ?? '',
          '',
          '内容を修正のうえ、組織の画面から再度お申し込みいただけます。',
          page,
        ]
      : [
          `After review, we could not approve the application for "${r.name}" this time.`,
          '',
          'Reason:',
          r.reason ?? '',
          '',
          'You can correct the details and apply again on the organization screen.',
          page,
        ]
    ).join('\n'),
  };
}
