/** The console's dashboard section (issue 17). */
export default {
  title: 'ダッシュボード',
  asOf: '{{date}}（日本時間）時点',
  error: 'ダッシュボードを読み込めませんでした。',
  retry: '再読み込み',
  today: '本日',
  month: '今月',
  sales: {
    heading: '売上（種類別）',
    types: {
      '1': 'チャット',
      '2': '商品',
      '3': 'ファンクラブ',
      '4': 'スタンプ（ギフト）',
    },
    total: '合計',
    points: '{{points}}pt',
    fee: '運営手数料 {{points}}pt',
    count_one: '{{n}}件',
    count_other: '{{n}}件',
    kinds: {
      mushroom: 'キノコ',
      leaf: 'リーフ',
      original: 'オリジナル',
    },
    kindsCaption: '{{period}}の{{type}}の売上（ポイント種別）',
    paidShare: 'うちキノコ（有料）{{points}}pt',
  },
  purchases: {
    heading: 'キノコ購入（カード決済）',
    yen: '{{yen}}円',
    detail_one: '{{mushrooms}}キノコ・{{n}}件',
    detail_other: '{{mushrooms}}キノコ・{{n}}件',
  },
  accounts: {
    heading: '新規登録',
    fans: 'ファン',
    creators: 'クリエイター',
    owners: '店舗・組織オーナー',
    value: '{{n}}人',
  },
  queues: {
    heading: '対応待ち',
    reports: '対応が必要な通報',
    reportStatus: {
      open: '未対応',
      in_progress: '対応中',
    },
    organizations: '審査待ちの組織',
    withdrawals: '処理待ちの出金申請',
    withdrawalStatus: {
      unconfirmed: '未確定',
      checking: '確認中',
      reapplying: '再申請',
    },
    value: '{{n}}件',
    open: '{{name}}を開く（{{n}}件）',
  },
  charts: {
    sales: '過去{{days}}日の売上（種類別、ポイント）',
    salesLabel:
      '過去{{days}}日の売上：チャット {{chat}}pt、商品 {{product}}pt、ファンクラブ {{subscription}}pt、スタンプ {{gift}}pt',
    accounts: '過去{{days}}日の新規登録',
    accountsLabel:
      '過去{{days}}日の新規登録：ファン {{fans}}人、クリエイター {{creators}}人、オーナー {{owners}}人',
    table: '表で見る',
    day: '日付',
  },
};
