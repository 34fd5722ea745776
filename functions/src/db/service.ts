import { Service } from 'electrodb';
import { dynamo } from '../lib/aws/dynamo.ts';
import { env } from '../lib/env.ts';
import { AuditEntry } from './entities/audit.ts';
import { BankAccount } from './entities/bank-account.ts';
import { Block } from './entities/block.ts';
import {
  BroadcastChunk,
  BroadcastQuota,
  BroadcastRecipient,
  Reserve,
  Trigger,
} from './entities/broadcast.ts';
import { BusinessSettings } from './entities/business-settings.ts';
import { Cart } from './entities/cart.ts';
import { CatalogCampaign, CatalogCounts, CatalogStamp } from './entities/catalog.ts';
import { Chatroom } from './entities/chatroom.ts';
import { Connection } from './entities/connection.ts';
import { ExpiryMarker } from './entities/expiry-marker.ts';
import { BackNumberPass, Fanclub, FanclubEvent, Membership, PostMonth } from './entities/fanclub.ts';
import { Favorite } from './entities/favorite.ts';
import { HomeBanner, News, NewsAudience, RankingSnapshot } from './entities/home.ts';
import { IncomeMonth, IncomeRow } from './entities/income.ts';
import { Invitation } from './entities/invitation.ts';
import { Item } from './entities/item.ts';
import { JobCursor } from './entities/job-run.ts';
import { Journal } from './entities/journal.ts';
import { DiscoverySkip, Like } from './entities/like.ts';
import { Lot } from './entities/lot.ts';
import { MailDigest } from './entities/mail-digest.ts';
import { Message } from './entities/message.ts';
import { MessageKey } from './entities/message-key.ts';
import { MutualChat } from './entities/mutual-chat.ts';
import { Notice } from './entities/notice.ts';
import { Order, OrderLine, Ownership } from './entities/order.ts';
import { CastSalesMonth, Organization, OrgCast } from './entities/organization.ts';
import { Payment } from './entities/payment.ts';
import { PendingPayment } from './entities/pending-payment.ts';
import { PlatformDay } from './entities/platform-stats.ts';
import { PointLog } from './entities/point-log.ts';
import { Post, PostFileRemoval } from './entities/post.ts';
import { Profile } from './entities/profile.ts';
import { PurchaseCap } from './entities/purchase-cap.ts';
import { PushDeviceCount, PushSubscription } from './entities/push-subscription.ts';
import { RateCounter } from './entities/rate-counter.ts';
import { LegacyRefreshToken, RefreshToken, TokenFamily } from './entities/refresh-token.ts';
import { Report } from './entities/report.ts';
import { RoomMember } from './entities/room-member.ts';
import { SearchDoc } from './entities/search-doc.ts';
import { Shop } from './entities/shop.ts';
import { ItemSalesCounter, PurchaseLog } from './entities/shop-feed.ts';
import { SquareCustomer } from './entities/square-customer.ts';
import { Stats, UnreadShard } from './entities/stats.ts';
import { StreamMark } from './entities/stream-mark.ts';
import { Supporter } from './entities/supporter.ts';
import { TransferBatch } from './entities/transfer-batch.ts';
import { TriggerRun } from './entities/trigger-run.ts';
import { UniqueClaim } from './entities/unique-claim.ts';
import { UserInfo } from './entities/user-info.ts';
import { Verification } from './entities/verification.ts';
import { Withdrawal } from './entities/withdrawal.ts';

const entities = {
  profile: Profile,
  userInfo: UserInfo,
  bankAccount: BankAccount,
  uniqueClaim: UniqueClaim,
  verification: Verification,
  rateCounter: RateCounter,
  refreshToken: RefreshToken,
  legacyRefreshToken: LegacyRefreshToken,
  tokenFamily: TokenFamily,
  connection: Connection,
  lot: Lot,
  expiryMarker: ExpiryMarker,
  journal: Journal,
  pointLog: PointLog,
  incomeRow: IncomeRow,
  incomeMonth: IncomeMonth,
  payment: Payment,
  pendingPayment: PendingPayment,
  purchaseCap: PurchaseCap,
  squareCustomer: SquareCustomer,
  jobCursor: JobCursor,
  businessSettings: BusinessSettings,
  stats: Stats,
  unreadShard: UnreadShard,
  chatroom: Chatroom,
  message: Message,
  messageKey: MessageKey,
  roomMember: RoomMember,
  block: Block,
  report: Report,
  notice: Notice,
  searchDoc: SearchDoc,
  like: Like,
  discoverySkip: DiscoverySkip,
  favorite: Favorite,
  supporter: Supporter,
  rankingSnapshot: RankingSnapshot,
  news: News,
  newsAudience: NewsAudience,
  homeBanner: HomeBanner,
  streamMark: StreamMark,
  invitation: Invitation,
  withdrawal: Withdrawal,
  // Shop (issue 13)
  item: Item,
  shop: Shop,
  order: Order,
  orderLine: OrderLine,
  ownership: Ownership,
  cart: Cart,
  // Shop: the profile's purchase log and the item rankings' counters
  purchaseLog: PurchaseLog,
  itemSalesCounter: ItemSalesCounter,
  // Fan club (issue 14)
  fanclub: Fanclub,
  postMonth: PostMonth,
  membership: Membership,
  backNumberPass: BackNumberPass,
  fanclubEvent: FanclubEvent,
  post: Post,
  // Fan club: posts, the creator's side (files a post dropped, for the stream's clean-up)
  postFileRemoval: PostFileRemoval,
  // Broadcasts (issue 15)
  reserve: Reserve,
  trigger: Trigger,
  broadcastChunk: BroadcastChunk,
  broadcastRecipient: BroadcastRecipient,
  // Broadcasts: the creator's slots (authoring helper)
  broadcastQuota: BroadcastQuota,
  // Broadcasts: trigger runs (engine helper); a room's mutual-chat moment (trigger 6's event)
  triggerRun: TriggerRun,
  mutualChat: MutualChat,
  // Notifications: push subscriptions (push helper)
  pushSubscription: PushSubscription,
  pushDeviceCount: PushDeviceCount,
  // Notifications: e-mail preferences and digests (mail helper)
  mailDigest: MailDigest,
  // Organizations and their casts (issue 16)
  organization: Organization,
  orgCast: OrgCast,
  castSalesMonth: CastSalesMonth,
  // The operators' console (issue 17): the audit log
  audit: AuditEntry,
  // Console: reports and users (helper reports)
  //
  // Console: withdrawals and the transfer file (helper withdrawals)
  transferBatch: TransferBatch,
  // Console: news, the banner and points (helper content)
  //
  // Console: organization reviews and item moderation (helper review)
  //
  // Console: stamps and campaigns (helper catalog)
  catalogStamp: CatalogStamp,
  catalogCampaign: CatalogCampaign,
  catalogCounts: CatalogCounts,
  //
  // Console: the dashboard (helper dashboard)
  platformDay: PlatformDay,
  // Console: access and the audit log (helper access)
  //
};

export function createDb(client = dynamo(), table = env().TABLE_NAME) {
  return new Service(entities, { client, table });
}

export type Db = ReturnType<typeof createDb>;

let db: Db | undefined;

/** The service bound to the module-level client and TABLE_NAME, created once per cold start. */
export function getDb(): Db {
  db ??= createDb();
  return db;
}
