export default {
  validation: '入力内容に誤りがあります。各項目をご確認ください。',
  noToken: 'ログイン情報がありません。もう一度ログインしてください。',
  loginRequired: '続けるにはログインしてください。',
  forbidden: 'この操作を行う権限がありません。',
  accountSuspended: 'このアカウントは利用停止されています。',
  registrationIncomplete: 'ユーザー登録を完了してください。',
  notFound: 'お探しの情報が見つかりません。',
  profileNotFound: 'プロフィールが見つかりません。',
  selfLike: 'ご自身には「いいね」できません。',
  selfFavorite: 'ご自身をお気に入りに追加することはできません。',
  newsNotFound: 'ニュースが見つかりません。',
  cursorInvalid: '一覧の続きを読み込めませんでした。画面を開き直してください。',
  invalidCredentials: 'メールアドレスまたはパスワードが正しくありません。',
  notificationEmailTaken: 'このメールアドレスは別のアカウントで確認済みのため、使用できません。',
  notificationEmailMissing: '通知用メールアドレスを先に登録してください。',
  emailNotRegistered: 'このメールアドレスは登録されていません。',
  usernameTaken: 'このユーザー名はすでに使われています。',
  codeInvalid: '確認コードが正しくありません。',
  codeExpired: '確認コードの有効期限が切れています。コードを再送信してください。',
  codeAttempts: '確認コードの入力回数が上限に達しました。コードを再送信してください。',
  rateLimited:
    '短時間に操作が集中したため、一時的に制限しています。{{minutes}}分ほど待ってからもう一度お試しください。',
  lineLoginFailed: 'LINEログインに失敗しました。もう一度お試しください。',
  lineStateInvalid: 'ログインの確認に失敗しました。もう一度最初からお試しください。',
  lineCancelled: 'LINEログインがキャンセルされました。',
  birthDateImmutable: '生年月日は登録後に変更できません。',
  bankSearch: '銀行の検索に失敗しました。',
  branchSearch: '支店の検索に失敗しました。',
  bankUpdateFailed: '口座情報の更新に失敗しました。',
  monthNotClosed: 'この月はまだ締まっていません。月が終わってからご利用ください。',
  withdrawalBelowMinimum: '出金できるのは{{minimum}}円以上の月です。',
  withdrawalExists: 'この月の出金はすでに申請されています。',
  withdrawalNotFound: '出金申請が見つかりません。',
  withdrawalNotRejected: 'この申請は差し戻されていないため、再申請できません。',
  withdrawalState: 'この申請は現在の状態では操作できません。',
  bankMissing: '出金先の口座が登録されていません。先に口座を登録してください。',
  bankCodeRequired: '口座情報を変更するには、メールでお送りした確認コードを入力してください。',
  bankEmailMissing:
    '確認コードを送るメールアドレスがアカウントに登録されていないため、ここでは口座情報を変更できません。お問い合わせください。',
  stepNotSkippable: 'このステップはスキップできません。',
  // Notifications: e-mail preferences and unsubscribe (issue 15, mail helper)
  unsubscribeInvalid: 'この配信停止リンクは無効です。メールに記載されたリンクをそのまま開いてください。',
  mailKindNotAllowed: 'このアカウントでは設定できないメール通知です。',
  notificationEmailUnconfirmed:
    '通知用メールアドレスの確認が済んでいないため、メールをお送りできません。アカウント設定で確認してください。',
  tooManyRequests: 'リクエストが集中しています。しばらく待ってからお試しください。',
  badRequest: 'リクエストの内容が正しくありません。',
  communication: '通信エラーが発生しました。',
  sendFailed: 'データの送信に失敗しました。',
  profileUpdateFailed: 'プロフィールの更新に失敗しました。',
  userInfoUpdateFailed: 'ユーザー情報の更新に失敗しました。',
  leaveFailed: '退会処理に失敗しました。時間をおいてもう一度お試しください。',
  pleaseLogin: 'ログインしてください。',
  cannotRegisterMore: 'これ以上登録できません。',
  insufficientPoints: 'キノコが足りません。',
  insufficientChatPoints: 'このメッセージを送るためのキノコが足りません。',
  chatroomNotFound:
    'チャットルームを確認できませんでした。プロフィールまたはチャット一覧からもう一度開いてください。',
  chatroomClosed: 'このチャットルームは閉鎖されているため、アクセスできません。',
  mediaScanning: 'ファイルを確認しています。少し待ってからもう一度お試しください。',
  chatroomOpenFailed: 'チャットルームを開けませんでした。',
  creatorNotFound: 'クリエイターが見つかりません。',
  userNotFound: 'ユーザーが見つかりません。',
  creatorToCreator: 'クリエイター同士ではチャットやいいね、お気に入り登録はできません。',
  chatOwnAccount: 'ご自身のアカウントです。自分とはチャットできません。',
  chatLocked: 'このユーザーのチャット機能は現在ロックされています。',
  chatBlocked: 'このユーザーにはメッセージを送信できません。',
  chatYouBlocked: 'このユーザーをブロックしています。メッセージを送るにはブロックを解除してください。',
  messageNotFound: 'メッセージが見つかりません。',
  stampNotFound: 'スタンプが見つかりません。',
  creatorStamp: 'クリエイターはスタンプを送信できません。',
  pointsFragmented: 'ポイントが細かく分かれすぎているため、一度に支払えません。お問い合わせください。',
  creatorPurchase:
    'クリエイターアカウントでは購入できません。ログアウトしてユーザーアカウントをご利用ください。',
  purchaseDailyLimit: '1日の購入上限（{{limit}}円）を超えます。本日はあと{{remaining}}円まで購入できます。',
  purchaseMinorLimit:
    '18歳未満の方は月{{limit}}円まで購入できます。今月はあと{{remaining}}円まで購入できます。',
  idempotencyMismatch: 'この購入は別の内容ですでに送信されています。もう一度購入手続きをやり直してください。',
  paymentPending: 'お支払いを処理中です。しばらくしてから残高をご確認ください。',
  cardNotFound: 'カードが見つかりません。',
  cardRegisterFailed: 'カードの登録に失敗しました。',
  cardDeleteFailed: 'カードの削除に失敗しました。',
  cardNotSelected: 'カードを選択してください',
  cardInvalid: 'カード情報が正しくありません。カード番号をご確認のうえ、もう一度お試しください。',
  cardExpired: 'このカードは有効期限が切れています。別のカードをご利用ください。',
  cardDeclined:
    'カードが承認されませんでした。別のカードをご利用いただくか、カード会社にお問い合わせください。',
  cardProcessing: '決済の処理中にエラーが発生しました。もう一度お試しください。',
  cardNetwork: '通信エラーが発生しました。接続をご確認のうえ、もう一度お試しください。',
  cardSecurity:
    'セキュリティコードまたは請求先情報を確認できませんでした。ご確認のうえ、もう一度お試しください。',
  cardUnknown: '不明なエラーにより決済できませんでした。もう一度お試しください。',
  paymentFailed: '決済に失敗しました。もう一度お試しください。',
  // Shop
  itemNotFound: '商品が見つかりません。',
  itemDraftLimit: '下書きは{{draft_limit}}件まで保存できます。不要な下書きを削除するか、公開してください。',
  itemPinLimit: 'プロフィールに固定できる商品は{{pinned_max}}件までです。',
  itemPublishedLocked:
    '公開済みの商品は、商品名・価格・販売期間・画像の並び順・サンプルと在庫のみ変更できます。',
  itemDraft: '下書きの商品には使えない操作です。先に公開してください。',
  itemEditConflict:
    'この商品は別の画面で更新されました。ページを再読み込みしてからもう一度保存してください。',
  itemNotOnSaleYet: 'この商品はまだ販売開始前です。',
  itemSaleEnded: 'この商品の販売期間は終了しました。',
  itemSoldOut: 'この商品は売り切れです。',
  itemStockShort: '在庫が足りません（残り{{remaining}}点）。数量を減らしてください。',
  itemUnavailable: 'この商品は現在購入できません。',
  itemOwned: 'この商品はすでに購入済みです。ライブラリからご覧いただけます。',
  itemOwn: 'ご自身の商品は購入できません。',
  itemSensitiveMinor:
    'この商品は18歳以上の方のみ購入できます。生年月日が未登録の場合は、マイページで登録してください。',
  purchaseChanged: '価格や在庫が変わりました。内容をご確認のうえ、もう一度購入してください。',
  cartFull: 'カートに入れられる商品は{{cart_max}}件までです。',
  cartEmpty: 'カートに商品がありません。',
  cartConflict: 'カートが同時に変更されました。もう一度お試しください。',
  orderLineNotFound: '購入履歴が見つかりません。',
  returnGiftExists: 'この注文にはすでにお返しを送っています。',
  orderLineDigital: 'デジタル商品は購入時にお渡し済みです。',
  grantNotAllowed:
    'ポイントを付与できるのは、ショップで購入したファンか、チャットしたことのあるファンだけです。',
  purchaseFailed: '購入に失敗しました。',
  // Fan club (issue 14)
  fanclubNotFound: 'ファンクラブが見つかりません。',
  fanclubClosed: 'このファンクラブは現在、新規入会を受け付けていません。',
  fanclubOwn: '自分のファンクラブには入会できません。',
  fanclubPriceChanged: '月額料金が変更されました。内容を確認して、もう一度お試しください。',
  fanclubAlreadyMember: 'すでにこのファンクラブに入会しています。',
  fanclubNotMember: 'このファンクラブの会員ではありません。',
  fanclubAutoRenewLocked: '自動更新の停止は、更新日の24時間前までに行ってください。',
  fanclubConflict: '会員情報が同時に更新されました。画面を更新して、もう一度お試しください。',
  postNotFound: '投稿が見つかりません。',
  postLocked: 'この投稿はファンクラブ会員限定です。',
  postPublished: 'この投稿はすでに公開されているため、公開日時を変更できません。',
  postConflict: '投稿が同時に更新されました。画面を更新して、もう一度お試しください。',
  broadcastNotRetryable: '再送できるのは、送信に失敗した宛先がある配信だけです。',
  backnumberNotMember: 'バックナンバーを購入するには、先にファンクラブに入会してください。',
  backnumberNotPast: 'バックナンバーとして購入できるのは、先月以前の月だけです。',
  backnumberOwned: 'この月のバックナンバーはすでに購入済みです。',
  backnumberCovered: 'この月の投稿は、現在の会員期間で閲覧できます。',
  backnumberEmpty: 'この月には会員限定の投稿がありません。',
  // Broadcasts (issue 15)
  broadcastNotFound: '配信が見つかりません。',
  broadcastLimit: 'これ以上登録できません。',
  broadcastSending: 'この配信はすでに送信が始まっているため、編集・削除できません。',
  broadcastConflict: '配信が同時に更新されました。画面を更新して、もう一度お試しください。',
  // Notifications: web push (issue 15)
  pushUnavailable: 'この環境ではプッシュ通知を利用できません。',
  pushDeviceLimit:
    '通知を受け取る端末は{{max}}台までです。使っていない端末を削除してから、もう一度お試しください。',
  pushDeviceNotFound: 'この端末の通知設定が見つかりません。画面を更新してください。',
  // Organizations and casts (issue 16)
  organizationNotFound: '組織の登録がまだありません。',
  organizationNotApproved: '組織の審査が完了してから、キャストを管理できます。',
  organizationState: 'この組織は審査中ではないため、この操作はできません。',
  organizationConflict: '組織の情報が同時に更新されました。画面を更新して、もう一度お試しください。',
  castNotFound: 'キャストが見つかりません。',
  castLimit: '1つの組織で登録できるキャストは{{max}}人までです。',
  passwordChangeRequired: '初回ログインのため、新しいパスワードを設定してください。',
  castRewardsToOrganization: 'キャストの報酬は所属する組織に支払われます。出金は組織のオーナーが申請します。',
  organizationHasCasts: '所属しているキャストがいるため退会できません。先にキャストを削除してください。',
  // The operators' console (issue 17)
  totpRequired: '認証アプリの確認コードを入力してください。',
  totpInvalid: '確認コードが正しくありません。',
  totpReplayed: 'この確認コードは使用済みです。次のコードが表示されるまでお待ちください。',
  enrolmentInvalid: '登録の有効期限が切れました。もう一度ログインしてください。',
  adminConflict: 'ほかのオペレーターが同時に変更しました。画面を読み込み直してください。',
  // Console: reports and users (helper reports)
  //
  // Console: withdrawals and the transfer file (helper withdrawals)
  //
  // Console: news, the banner and points (helper content)
  //
  // Console: organization reviews and item moderation (helper review)
  itemAlreadyUnderReview: 'この商品はすでに審査中です。画面を読み込み直してください。',
  itemNotUnderReview: 'この商品は審査中ではありません。画面を読み込み直してください。',
  //
  // Console: stamps and campaigns (helper catalog)
  //
  // Console: the dashboard (helper dashboard)
  //
  // Console: access and the audit log (helper access)
  //
};
