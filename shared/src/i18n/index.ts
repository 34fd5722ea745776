/**
 * The ja/en message catalogues: one file per namespace and language. Every key exists in both
 * languages (checked by web/src/lib/i18n.test.ts).
 */
import enAreas from './en/areas.ts';
import enAuth from './en/auth.ts';
import enChat from './en/chat.ts';
import enCommon from './en/common.ts';
import enErrors from './en/errors.ts';
import enHome from './en/home.ts';
import enLanding from './en/landing.ts';
import enLegal from './en/legal.ts';
import enMypage from './en/mypage.ts';
import enNotice from './en/notice.ts';
import enNotices from './en/notices.ts';
import enPoints from './en/points.ts';
import enStore from './en/store.ts';
import enValidation from './en/validation.ts';
import jaAreas from './ja/areas.ts';
import jaAuth from './ja/auth.ts';
import jaChat from './ja/chat.ts';
import jaCommon from './ja/common.ts';
import jaErrors from './ja/errors.ts';
import jaHome from './ja/home.ts';
import jaLanding from './ja/landing.ts';
import jaLegal from './ja/legal.ts';
import jaMypage from './ja/mypage.ts';
import jaNotice from './ja/notice.ts';
import jaNotices from './ja/notices.ts';
import jaPoints from './ja/points.ts';
import jaStore from './ja/store.ts';
import jaValidation from './ja/validation.ts';

export const namespaces = [
  'common',
  'errors',
  'validation',
  'auth',
  'mypage',
  'home',
  'areas',
  'legal',
  'landing',
  'store',
  'points',
  'chat',
  'notice',
  'notices',
] as const;
export type Namespace = (typeof namespaces)[number];

export const resources = {
  ja: {
    common: jaCommon,
    errors: jaErrors,
    validation: jaValidation,
    auth: jaAuth,
    mypage: jaMypage,
    home: jaHome,
    areas: jaAreas,
    legal: jaLegal,
    landing: jaLanding,
    store: jaStore,
    points: jaPoints,
    chat: jaChat,
    notice: jaNotice,
    notices: jaNotices,
  },
  en: {
    common: enCommon,
    errors: enErrors,
    validation: enValidation,
    auth: enAuth,
    mypage: enMypage,
    home: enHome,
    areas: enAreas,
    legal: enLegal,
    landing: enLanding,
    store: enStore,
    points: enPoints,
    chat: enChat,
    notice: enNotice,
    notices: enNotices,
  },
} satisfies Record<'ja' | 'en', Record<Namespace, object>>;
