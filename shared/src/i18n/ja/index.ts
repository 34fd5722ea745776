import areas from './areas.ts';
import auth from './auth.ts';
import broadcasts from './broadcasts.ts';
import business from './business.ts';
import casts from './casts.ts';
import chat from './chat.ts';
import common from './common.ts';
import emailNotifications from './emailNotifications.ts';
import errors from './errors.ts';
import fanclub from './fanclub.ts';
import fanclubPosts from './fanclubPosts.ts';
import fanclubView from './fanclubView.ts';
import home from './home.ts';
import incomes from './incomes.ts';
import items from './items.ts';
import landing from './landing.ts';
import legal from './legal.ts';
import library from './library.ts';
import membership from './membership.ts';
import meta from './meta.ts';
import mypage from './mypage.ts';
import notice from './notice.ts';
import notices from './notices.ts';
import organizations from './organizations.ts';
import points from './points.ts';
import push from './push.ts';
import search from './search.ts';
import shop from './shop.ts';
import social from './social.ts';
import store from './store.ts';
import validation from './validation.ts';
import withdrawals from './withdrawals.ts';

/** The whole ja catalogue, one entry per namespace (the web loads only the active language's). */
export default {
  common,
  errors,
  validation,
  auth,
  mypage,
  home,
  areas,
  legal,
  landing,
  store,
  points,
  chat,
  search,
  notice,
  notices,
  social,
  meta,
  business,
  incomes,
  withdrawals,
  items,
  shop,
  library,
  // Fan club (issue 14): the creator's fan club and members, the post editor, reading posts, the
  // card with joining and passes and the fan's memberships.
  fanclub,
  fanclubPosts,
  fanclubView,
  membership,
  // Broadcasts (issue 15): the creator's scheduled and trigger broadcasts.
  broadcasts,
  // Notifications: web push (issue 15)
  push,
  // E-mail notifications (issue 15, mail helper): the account screen's section, the unsubscribe page.
  emailNotifications,
  // Organizations (issue 16, orgweb): the owner's application and sales, the casts' notes.
  organizations,
  // Organizations (issue 16, castweb): the owner's casts (list, create form).
  casts,
};
