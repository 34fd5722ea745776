export default {
  greeting: 'こんにちは、{{name}}さん',
  greetingNoName: 'こんにちは',
  lead: 'ホーム画面の機能は順次公開予定です。',
  accountLink: 'アカウント情報',
  logout: 'ログアウト',
};
