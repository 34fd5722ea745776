/** /mypage/businessSetting (base: chat and invoice; shop: the shop's name and disclosure, features/items). */
export default {
  heading: 'ビジネス設定',
  tabs: { label: 'ビジネス設定のメニュー', base: '基本設定', shop: 'ショップ設定' },
  creatorsOnly: 'ビジネス設定はクリエイター・オーナーのアカウントでご利用いただけます。',
  saved: '設定を保存しました。',
  chat: {
    heading: '有料チャット',
    today: '本日の料金',
    tomorrow: '{{date}} {{time}}から',
    noChange: '料金の変更予定はありません。',
    perMessage_one: '1通 {{cost}}キノコ',
    perMessage_other: '1通 {{cost}}キノコ',
    cost: '1通あたりの料金（キノコ）',
    costHint:
      '{{min}}〜{{max}}キノコの整数で設定できます。変更した料金は翌日{{time}}（日本時間）から適用され、それまでは本日の料金のままです。',
    locked: '有料チャットを停止する',
    lockedHint: 'ファンから新しい有料メッセージを受け付けません（スタンプは届きます）。',
    rejectFree: '無料ポイントを受け付けない',
    rejectFreeHint: 'ファンがはっぱ（無料ポイント）でメッセージを送れないようにします。',
    backNumber: 'バックナンバーの再閲覧を許可する',
    backNumberHint: '過去に配信したコンテンツを、ファンがあとから見返せるようにします。',
  },
  invoice: {
    heading: 'インボイス（適格請求書）',
    number: '適格請求書発行事業者の登録番号',
    hint: '「T」と13桁の数字（例：T1234567890123）。全角やハイフン入りでも入力できます。空欄にして保存すると削除されます。登録番号は月次明細書に記載されます。',
  },
  submit: '保存する',
  /** The creator's business links on /mypage/account. */
  menu: { label: 'ビジネス', settings: 'ビジネス設定', incomes: '収益', withdraw: '出金' },
};
