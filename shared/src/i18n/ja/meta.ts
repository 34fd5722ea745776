/** Meta descriptions (search results and link previews), by the route's title key; `default` for the rest. */
export default {
  descriptions: {
    default:
      'kinoko（キノコ）は、好きなクリエイターと1対1でチャットしたり、ファンクラブやショップで応援したりできるファンコミュニティです。',
    landing:
      '好きなクリエイターと1対1でチャット。kinoko（キノコ）はLINEで今すぐ始められるファンコミュニティです。',
    creatorLanding:
      'クリエイターとして登録して、ファンとのチャットやファンクラブ、ショップで収益を得ましょう。kinoko（キノコ）の登録は無料です。',
    terms: 'kinoko（キノコ）の利用規約です。サービスをご利用の前にお読みください。',
    creatorTerms: 'kinoko（キノコ）をクリエイターとしてご利用いただく際の利用規約です。',
    commercial:
      'kinoko（キノコ）の特定商取引法に基づく表記です。販売事業者、料金、お支払い方法などを記載しています。',
    userLogin:
      'LINEアカウントでkinoko（キノコ）にログインして、好きなクリエイターとのチャットを楽しみましょう。',
    lineRecovery:
      'LINEアカウントを変更した方は、登録済みのメールアドレスでkinoko（キノコ）のアカウントを引き継げます。',
    creatorLogin: 'kinoko（キノコ）のクリエイター・ショップオーナー向けログインページです。',
    castLogin: '所属店舗・事務所から発行されたアカウントでログインするキャスト向けのページです。',
    register: 'メールアドレスでkinoko（キノコ）のクリエイターアカウントを無料で作成できます。',
    forgotPassword: 'kinoko（キノコ）のパスワードをお忘れの方は、登録したメールアドレスから再設定できます。',
    profile: 'kinoko（キノコ）のクリエイタープロフィールです。いいねやお気に入り、チャットで応援しましょう。',
    // Fan club (issue 14)
    fanclubPost:
      'kinoko（キノコ）のクリエイターの投稿です。メンバー限定の投稿はファンクラブのメンバーが見られます。',
  },
};
