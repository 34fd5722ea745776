export default {
  greeting: 'こんにちは、{{name}}さん',
  greetingNoName: 'こんにちは',
  accountLink: 'アカウント情報',
  shortcuts: {
    label: 'ショートカット',
    search: 'クリエイターを検索',
    favorites: 'お気に入り',
    liked: 'いいね',
    likedYou: 'いいねしてくれた人',
    profile: '自分のプロフィール',
    cart: 'カート',
    fanclub: '入会中のファンクラブ',
  },
  recommended: {
    title: 'おすすめのクリエイター',
    empty: 'おすすめのクリエイターを準備中です。',
  },
  favorites: {
    title: '仲良しクリエイター',
    seeAll: 'すべて見る',
    empty: 'お気に入りに登録したクリエイターがここに並びます。',
    discover: 'クリエイターをみつける',
  },
  rankings: {
    title: 'アイテムランキング',
    label: 'ランキングの種類',
    amount: '売上金額',
    count: '販売数',
    empty: 'ショップがオープンするとランキングが始まります。',
    amountValue: '{{value}}ポイント',
    countValue: '{{value}}個',
    by: '{{nickname}}',
  },
  banner: {
    label: 'キャンペーン',
  },
  storeIntro: {
    title: 'キノコでもっと楽しく',
    body: 'キノコはチャットやスタンプ、ショップのアイテムに使えるポイントです。1個10円（税込）で、10個から購入できます。',
    link: 'キノコを購入する',
  },
  creatorIntro: {
    title: 'ファンとつながる',
    body: 'プロフィールを整えると、おすすめや検索であなたを見つけてもらいやすくなります。',
    edit: 'プロフィールを編集',
  },
  news: {
    title: 'ニュース',
    empty: 'ニュースはまだありません。',
    listLabel: 'ニュース一覧',
    back: 'ホームへ戻る',
    toHome: 'ホームへ',
  },
  help: {
    likeFavoriteLink: 'いいねとお気に入りの違い',
    pointKindsLink: 'ポイントの種類',
    close: 'わかりました',
    likeFavorite: {
      title: 'いいねとお気に入りの違い',
      like: 'いいね',
      likeBody:
        '気になるクリエイターに気持ちを伝えます。相手に通知が届き、いいねは取り消せません。クリエイターからいいねが返ってくることもあります。',
      favorite: 'お気に入り',
      favoriteBody:
        'あとで会いに行きたいクリエイターを登録します。何度でも登録・解除でき、相手に通知は届きません（クリエイターに見えるのは人数だけです）。ホームの「仲良しクリエイター」に並びます。',
    },
    pointKinds: {
      title: 'ポイントの種類',
      mushroom: 'キノコ',
      mushroomBody:
        'ストアで購入する有料ポイントです（1個10円・税込）。チャット、スタンプ、アイテム、ファンクラブに使えます。購入から180日で失効します。',
      leaf: 'リーフ',
      leafBody:
        '無料でもらえるポイントで、キノコと同じ価値があります。チャットだけに使え、キノコより先に使われます。',
      original: 'オリジナルポイント',
      originalBody:
        'クリエイターやショップが発行する無料ポイントです。発行したクリエイターやショップでだけ使えます。',
    },
  },
  tabBar: {
    label: 'メインメニュー',
    home: 'ホーム',
    discovery: 'みつける',
    likedYou: 'いいね',
    chat: 'チャット',
    notice: 'お知らせ',
    mypage: 'マイページ',
  },
};
