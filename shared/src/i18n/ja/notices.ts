/** お知らせの文面（種類別）。プレースホルダーはお知らせの params。 */
export default {
  title: 'お知らせ',
  empty: 'お知らせはまだありません。',
  readAll: 'すべて既読にする',
  kinds: {
    chat_earning_one: '{{nickname}}さんから有料メッセージが届きました（キノコ{{points}}個）。',
    chat_earning_other: '{{nickname}}さんから有料メッセージが届きました（キノコ{{points}}個）。',
    chat_spend_one: '{{nickname}}さんにメッセージを送りました（キノコ{{points}}個）。',
    chat_spend_other: '{{nickname}}さんにメッセージを送りました（キノコ{{points}}個）。',
    stamp_earning: '{{nickname}}さんからスタンプが届きました（キノコ{{stamp_point}}個）。',
    stamp_spend: '{{nickname}}さんにスタンプを送りました（キノコ{{stamp_point}}個）。',
    liked: '{{nickname}}さんからいいねが届きました。',
    invitation_registration: '{{nickname}}さんがあなたの招待ページから登録しました。',
    purchase: '{{nickname}}さんが{{item_name}}を購入しました。',
    // The buyer's own notice (params.side = 'buyer').
    purchase_buyer: '{{item_name}}の購入が完了しました。ライブラリから確認できます。',
    profile_image_deleted: '利用規約に反するため、プロフィール画像を削除しました。',
    background_image_deleted: '利用規約に反するため、背景画像を削除しました。',
    thumbnail_deleted: '利用規約に反するため、{{item_name}}のサムネイルを削除しました。',
    sample_file_deleted: '利用規約に反するため、{{item_name}}のサンプルファイルを削除しました。',
    original_point_received: '{{nickname}}さんからオリジナルポイントを{{points}}ポイント受け取りました。',
    return_gift_received: '{{item_name}}のお返しが届きました。',
  },
};
