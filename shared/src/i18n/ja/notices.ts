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
    fanclub_joined: '「{{fanclub_name}}」に入会しました。次回の更新日は{{renews_on}}です。',
    fanclub_member_joined: '{{nickname}}さんが「{{fanclub_name}}」に入会しました。',
    fanclub_renewed:
      '「{{fanclub_name}}」の会費{{points}}キノコを支払い、会員期間を更新しました。次回の更新日は{{renews_on}}です。',
    fanclub_member_renewed: '{{nickname}}さんが「{{fanclub_name}}」の会員期間を更新しました。',
    fanclub_renewal_failed:
      'キノコが足りず、「{{fanclub_name}}」の会費を支払えませんでした。{{retry_on}}にもう一度お支払いを試みます。ストアでキノコを購入してください。',
    fanclub_member_renewal_failed:
      '{{nickname}}さんの「{{fanclub_name}}」の更新が、残高不足のため保留になっています。',
    fanclub_ended: '「{{fanclub_name}}」の会員期間が終了しました。',
    fanclub_member_ended: '{{nickname}}さんの「{{fanclub_name}}」の会員期間が終了しました。',
    fanclub_pass_bought: '「{{fanclub_name}}」の{{month}}のバックナンバーを購入しました。',
    fanclub_pass_sold: '{{nickname}}さんが「{{fanclub_name}}」の{{month}}のバックナンバーを購入しました。',
    leaves_granted: '運営からリーフが{{points}}リーフ付与されました。',
    account_warning:
      'あなたの投稿・メッセージが利用規約に反していると運営が判断しました。利用規約をご確認ください。繰り返される場合はアカウントを停止することがあります。',
    account_warning_message:
      'あなたの投稿・メッセージが利用規約に反していると運営が判断しました。運営からのメッセージ：{{message}}',
  },
};
