export default {
  validation: 'Some entries are invalid. Please check each field.',
  noToken: 'You are not logged in. Please log in again.',
  loginRequired: 'You need to log in to continue.',
  forbidden: 'You are not allowed to do this.',
  accountSuspended: 'This account has been suspended.',
  registrationIncomplete: 'Please complete your user registration.',
  notFound: 'Not found.',
  profileNotFound: 'Profile not found',
  selfLike: 'You cannot like yourself',
  selfFavorite: 'You cannot add yourself to favorites',
  newsNotFound: 'News not found',
  cursorInvalid: 'The rest of this list could not be loaded. Please open the page again.',
  invalidCredentials: 'The e-mail address or password is incorrect.',
  notificationEmailTaken: 'This e-mail address is already confirmed by another account and cannot be used.',
  notificationEmailMissing: 'Please save a notification e-mail address first.',
  emailNotRegistered: 'This e-mail address is not registered.',
  usernameTaken: 'This username is already in use.',
  codeInvalid: 'The verification code is incorrect.',
  codeExpired: 'The verification code has expired. Please request a new one.',
  codeAttempts: 'Too many incorrect attempts. Please request a new code.',
  rateLimited: 'Too many attempts in a short time. Please wait about {{minutes}} min and try again.',
  lineLoginFailed: 'LINE login failed. Please try again.',
  lineStateInvalid: 'We could not confirm this login. Please start again.',
  lineCancelled: 'LINE login was cancelled.',
  birthDateImmutable: 'The date of birth cannot be changed once saved.',
  bankSearch: 'Bank search failed.',
  branchSearch: 'Branch search failed.',
  bankUpdateFailed: 'Failed to update the bank account.',
  monthNotClosed: 'This month has not closed yet. Please try again after it ends.',
  withdrawalBelowMinimum: 'Only months with at least {{minimum}} yen can be withdrawn.',
  withdrawalExists: 'A withdrawal for this month has already been requested.',
  withdrawalNotFound: 'Withdrawal request not found.',
  withdrawalNotRejected: 'This request was not sent back, so it cannot be reapplied.',
  withdrawalState: 'This request cannot be changed in its current state.',
  bankMissing: 'No bank account is registered for withdrawals. Please register one first.',
  bankCodeRequired: 'To change your bank details, enter the code we sent to your e-mail.',
  bankEmailMissing:
    'Your account has no e-mail address to send the confirmation code to, so its bank details cannot be changed here. Please contact support.',
  stepNotSkippable: 'This step cannot be skipped.',
  // Notifications: e-mail preferences and unsubscribe (issue 15, mail helper)
  unsubscribeInvalid:
    'This unsubscribe link is not valid. Open the link exactly as it appears in the e-mail.',
  mailKindNotAllowed: 'This kind of e-mail notification is not available for your account.',
  notificationEmailUnconfirmed:
    'Your notification e-mail is not confirmed yet, so we cannot send you e-mail. Confirm it in your account settings.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  badRequest: 'The request is invalid.',
  communication: 'Communication error occurred',
  sendFailed: 'Failed to send data.',
  profileUpdateFailed: 'Failed to update profile.',
  userInfoUpdateFailed: 'Failed to update User Info.',
  leaveFailed: 'Failed to delete your account. Please try again later.',
  pleaseLogin: 'Please log in',
  cannotRegisterMore: 'Cannot register more data',
  insufficientPoints: "You don't have enough Mushrooms.",
  insufficientChatPoints: "You don't have enough mushrooms to send this message.",
  chatroomNotFound:
    'We could not confirm this chatroom. Please open it again from the profile or the chat list.',
  chatroomClosed: 'The chatroom is closed, so you cannot access it.',
  mediaScanning: 'The file is still being checked. Please wait a moment and try again.',
  chatroomOpenFailed: 'Could not open the chat room',
  creatorNotFound: 'Creator not found',
  userNotFound: 'User not found',
  creatorToCreator: 'Creators cannot chat with, like or favorite other creators.',
  chatOwnAccount: 'This is your own account: you cannot chat with yourself.',
  chatLocked: "This user's chat function is currently locked.",
  chatBlocked: 'You cannot send messages to this user.',
  chatYouBlocked: 'You have blocked this user. Unblock them to send a message.',
  messageNotFound: 'The message was not found.',
  stampNotFound: 'The stamp was not found.',
  creatorStamp: 'Creators cannot send stamps.',
  pointsFragmented: 'Your points are split into too many small parts to pay at once. Please contact support.',
  creatorPurchase: 'Creator accounts cannot make purchases. Please log out and use a user account.',
  purchaseDailyLimit:
    'This purchase would exceed the daily limit of {{limit}} yen. You can buy up to {{remaining}} yen more today.',
  purchaseMinorLimit:
    'Users under 18 can buy up to {{limit}} yen a month. You can buy up to {{remaining}} yen more this month.',
  idempotencyMismatch:
    'This purchase was already sent with different details. Please start the purchase again.',
  paymentPending: 'Your payment is still being processed. Please check your balance in a moment.',
  cardNotFound: 'The card was not found.',
  cardRegisterFailed: 'Failed to register the card.',
  cardDeleteFailed: 'Failed to delete the card.',
  cardNotSelected: 'Select a card',
  cardInvalid: 'The card information is invalid. Please check the card number and try again.',
  cardExpired: 'This card has expired. Please use another card.',
  cardDeclined: 'The card was declined. Please use another card or contact your card issuer.',
  cardProcessing: 'An error occurred while processing the payment. Please try again.',
  cardNetwork: 'A network error occurred. Please check your connection and try again.',
  cardSecurity:
    'The security code or billing details could not be verified. Please check them and try again.',
  cardUnknown: 'The payment failed for an unknown reason. Please try again.',
  paymentFailed: 'The payment failed. Please try again.',
  // Shop
  itemNotFound: 'Item not found.',
  itemDraftLimit: 'You can keep up to {{draft_limit}} drafts. Delete or publish a draft first.',
  itemPinLimit: 'You can pin up to {{pinned_max}} items to your profile.',
  itemPublishedLocked:
    'A published item only allows changes to its name, price, sale period, image order, samples and stock.',
  itemDraft: 'This is not available for a draft. Publish the item first.',
  itemEditConflict: 'This item was changed elsewhere. Reload the page and save again.',
  itemNotOnSaleYet: 'This item is not on sale yet.',
  itemSaleEnded: 'The sale period of this item has ended.',
  itemSoldOut: 'This item is sold out.',
  itemStockShort: 'Not enough stock ({{remaining}} left). Please lower the quantity.',
  itemUnavailable: 'This item cannot be bought right now.',
  itemOwned: 'You already bought this item. Open it in your library.',
  itemOwn: 'You cannot buy your own item.',
  itemSensitiveMinor:
    'Only buyers aged 18 or over can buy this item. If your date of birth is not saved yet, add it in My page.',
  purchaseChanged: 'The price or stock has changed. Please check and buy again.',
  cartFull: 'Your cart can hold up to {{cart_max}} items.',
  cartEmpty: 'Your cart is empty.',
  cartConflict: 'Your cart was changed at the same time. Please try again.',
  orderLineNotFound: 'Purchase not found.',
  returnGiftExists: 'You have already sent a return gift for this order.',
  orderLineDigital: 'Digital items are delivered at purchase.',
  grantNotAllowed: 'You can give points only to fans who bought from your shop or chatted with you.',
  purchaseFailed: 'Purchase failed.',
  // Fan club (issue 14)
  fanclubNotFound: 'Fan club not found.',
  fanclubClosed: 'This fan club is not accepting new members right now.',
  fanclubOwn: 'You cannot join your own fan club.',
  fanclubPriceChanged: 'The monthly price has changed. Please check it and try again.',
  fanclubAlreadyMember: 'You are already a member of this fan club.',
  fanclubNotMember: 'You are not a member of this fan club.',
  fanclubAutoRenewLocked: 'Auto-renewal can be stopped only until 24 hours before the renewal.',
  fanclubConflict: 'Your membership was updated at the same time. Refresh the page and try again.',
  postNotFound: 'Post not found.',
  postLocked: 'This post is for fan club members only.',
  postPublished: 'This post has already been published, so its publication time cannot change.',
  postConflict: 'The post was changed at the same time. Refresh the page and try again.',
  broadcastNotRetryable: 'Only a broadcast that ended with failed deliveries can be retried.',
  backnumberNotMember: 'Join the fan club before buying back numbers.',
  backnumberNotPast: 'Only months before this one can be bought as back numbers.',
  backnumberOwned: 'You already bought the back number of this month.',
  backnumberCovered: 'You can already see this month with your current membership.',
  backnumberEmpty: 'This month has no members-only posts.',
  // Broadcasts (issue 15)
  broadcastNotFound: 'The broadcast was not found.',
  broadcastLimit: 'Cannot register more data.',
  broadcastSending:
    'Sending of this broadcast has already started, so it can no longer be edited or deleted.',
  broadcastConflict: 'The broadcast was changed at the same time. Refresh the page and try again.',
  // Notifications: web push (issue 15)
  pushUnavailable: 'Push notifications are not available here.',
  pushDeviceLimit:
    'You can get notifications on up to {{max}} devices. Remove a device you no longer use and try again.',
  pushDeviceNotFound: 'The notification settings of this device were not found. Reload the page.',
  // Organizations and casts (issue 16)
  organizationNotFound: 'You have not registered an organization yet.',
  organizationNotApproved: 'You can manage casts once your organization has been approved.',
  organizationState: 'This organization is not under review, so this cannot be done.',
  organizationConflict: 'The organization was updated at the same time. Refresh the page and try again.',
  castNotFound: 'Cast not found.',
  castLimit: 'An organization can have up to {{max}} casts.',
  passwordChangeRequired: 'This is your first login: please set a new password.',
  castRewardsToOrganization:
    "A cast's rewards are paid to its organization. The organization's owner requests withdrawals.",
  organizationHasCasts: 'Your organization still has casts. Remove them before leaving.',
  // The operators' console (issue 17)
  totpRequired: 'Enter the code from your authenticator app.',
  totpInvalid: 'The code is not correct.',
  totpReplayed: 'That code was used already. Wait for the next code.',
  enrolmentInvalid: 'The enrolment expired. Log in again.',
  adminConflict: 'Another operator changed this at the same time. Reload the page.',
  // Console: reports and users (helper reports)
  //
  // Console: withdrawals and the transfer file (helper withdrawals)
  //
  // Console: news, the banner and points (helper content)
  //
  // Console: organization reviews and item moderation (helper review)
  itemAlreadyUnderReview: 'This item is already under review. Reload the page.',
  itemNotUnderReview: 'This item is not under review. Reload the page.',
  //
  // Console: stamps and campaigns (helper catalog)
  //
  // Console: the dashboard (helper dashboard)
  //
  // Console: access and the audit log (helper access)
  //
};
