/** The console's sign-in, layout and audit log (issue 17, access). */
export default {
  title: '運営コンソール',
  nav: {
    dashboard: 'ダッシュボード',
    organizations: '組織の審査',
    reports: '通報',
    users: 'ユーザー',
    items: '商品',
    withdrawals: '出金',
    news: 'お知らせ',
    points: 'ポイント',
    catalog: 'スタンプ・キャンペーン',
    audit: '操作ログ',
    logout: 'ログアウト',
    menu: 'メニュー',
  },
  login: {
    heading: '運営コンソールにログイン',
    email: 'メールアドレス',
    password: 'パスワード',
    code: '確認コード',
    codeHint: '認証アプリに表示されている6桁のコード、またはリカバリーコード',
    submit: 'ログイン',
  },
  enrol: {
    heading: '認証アプリを登録',
    lead: '初回ログインです。認証アプリ（Google Authenticator、Microsoft Authenticator など）でQRコードを読み取り、表示された6桁のコードを入力してください。',
    qr: '認証アプリ登録用のQRコード',
    secret: '読み取れない場合は次のキーを入力してください：',
    submit: '登録してログイン',
    recoveryHeading: 'リカバリーコード',
    recoveryLead:
      'スマートフォンを紛失したときに、確認コードの代わりに一度だけ使えます。安全な場所に保管してください。この画面を閉じると二度と表示されません。',
    continue: '保管しました。コンソールへ進む',
  },
  forbidden: 'このページは運営スタッフのみ利用できます。',
};
