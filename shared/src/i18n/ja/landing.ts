/**
 * ランディングページ（namespace `landing`）：ファン向け `/` とクリエイター向け `/creator`。
 * 数値は `{{…}}` で差し込みます（web/src/features/landing/values.ts）。直接書かないでください。
 * en/landing.ts と同じキー構成を保ってください。
 */
export default {
  fan: {
    hero: {
      eyebrow: 'ファンとクリエイターをつなぐ場所',
      title: '推しと、1対1でつながろう。',
      lead: '好きなクリエイターとのチャット、スタンプ、ファンクラブ、ショップ。応援の気持ちを「キノコ」で届けられます。',
      cta: 'LINEではじめる',
      ctaNote: 'LINEアカウントで、すぐに登録できます。',
      creatorLink: 'クリエイター・店舗の方はこちら',
    },
    features: {
      heading: 'できること',
      chat: {
        title: '1対1のチャット',
        body: 'クリエイターとあなただけのトークルームで話せます。メッセージ1通ごとにキノコを使い、クリエイターからの返信は無料です。',
      },
      stamps: {
        title: 'スタンプ',
        body: 'チャットでスタンプを贈って、言葉だけでは伝えきれない気持ちを届けましょう。',
      },
      fanClub: {
        title: 'ファンクラブ',
        body: '月額で入会すると、会員だけが見られる投稿を楽しめます。自動更新はいつでも停止できます。',
      },
      shop: {
        title: 'ショップ',
        body: 'クリエイターのデジタル商品やグッズを購入できます。購入したデジタル商品は、ライブラリでいつでも見られます。',
      },
    },
    points: {
      heading: 'キノコについて',
      lead: 'キノコは、チャットやスタンプ、ファンクラブ、ショップで使えるポイントです。',
      priceLabel: '価格',
      price: '1キノコ {{yenPerMushroom}}円（税込）',
      validityLabel: '有効期限',
      validity: '購入日から{{lotDays}}日間（延長はできません）',
      paymentLabel: 'お支払い',
      payment: 'クレジットカード',
      leaf: 'キャンペーンなどでもらえる「リーフ」も、チャットに使えます。',
    },
    safety: {
      heading: '安心して使うために',
      block: { title: 'ブロック', body: 'ブロックした相手からは、メッセージが届きません。' },
      mute: { title: 'ミュート', body: 'ミュートしたチャットルームからは、通知が届きません。' },
      report: {
        title: '通報',
        body: '不適切なメッセージは、チャットルームのメニューから通報できます。運営が確認して対応します。',
      },
      rules: 'アダルトコンテンツは禁止しています。未成年の方には、1か月に購入できる金額の上限があります。',
    },
    finalCta: {
      heading: 'さっそく、はじめてみよう',
      cta: 'LINEではじめる',
    },
  },
  creator: {
    hero: {
      eyebrow: 'クリエイター・店舗の方へ',
      title: 'ファンとの時間を、報酬に。',
      lead: 'チャット、ショップ、ファンクラブ、一斉配信。ファンとの交流が、そのまま収益になります。',
      register: '無料で登録する',
      login: 'ログイン',
      castLogin: 'キャストの方のログインはこちら',
    },
    earn: {
      heading: '収益のしくみ',
      lead: 'ファンが使ったキノコの価値に、次の還元率をかけた金額があなたの報酬です。',
      rateLabel: '還元率',
      chat: {
        title: 'チャット',
        rate: '{{chatRate}}',
        body: 'ファンのメッセージ1通ごとに報酬が発生します。料金は1通{{chatMinimumCost}}キノコから自由に設定でき、返信は無料です。',
        // The live registration campaign (issue 17): with its figures, and without (unknown or none)
        campaign: 'キャンペーンコードで登録すると、{{endsAt}}までチャットの還元率が{{rate}}になります。',
        campaignNeutral: 'キャンペーン実施中は、キャンペーンコードで登録すると還元率が上がります。',
      },
      shop: {
        title: 'ショップ',
        rate: '{{productRate}}',
        body: 'デジタル商品もグッズも、売上の{{productRate}}があなたの報酬に。',
      },
      fanClub: {
        title: 'ファンクラブ',
        rate: '{{subscriptionRate}}',
        body: '月額制だから、毎月の安定した収益になります。',
      },
      gift: {
        title: 'ギフト（スタンプ）',
        rate: '{{giftRate}}',
        body: 'ファンから贈られたスタンプも報酬になります。',
      },
      note: 'リーフやオリジナルポイント（無償のポイント）で支払われた分の還元率は{{freePointRate}}です。',
    },
    broadcast: {
      heading: '一斉配信',
      body: '条件に合ったファンに自動で届くトリガー配信を{{triggerLimit}}件、日時を決めて送る予約配信を{{scheduledLimit}}件まで設定できます。',
    },
    withdrawal: {
      heading: '国内の銀行口座へ出金',
      body: '前月までの報酬を毎月{{cutoffDay}}日（日本時間）までに申請すると、翌月{{transferDay}}日に日本国内の銀行口座へ振り込みます。',
      minimumLabel: '最低出金額',
      minimum: '{{withdrawalMinimum}}円',
      feeLabel: '振込手数料',
      fee: '{{transferFee}}円',
    },
    organization: {
      heading: '店舗・事務所の方へ',
      body: 'バー、ラウンジ、コンセプトカフェ、モデル事務所などは、組織として登録できます。審査を経て承認されると、キャストのアカウントを発行してまとめて管理できます。',
    },
    finalCta: {
      heading: '今日から、はじめましょう',
      termsNote: '登録の前に、クリエイター利用規約をお読みください。',
      termsLink: 'クリエイター利用規約を読む',
    },
  },
  footer: {
    label: 'サイト情報',
    terms: '利用規約',
    commercial: '特定商取引法に基づく表記',
    creator: 'クリエイターの方へ',
    creatorTerms: 'クリエイター利用規約',
    fans: 'ファンの方へ',
  },
} as const;
