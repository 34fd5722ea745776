/** お知らせ画面の文言（お知らせそのものの文面は notices.ts）。 */
export default {
  listLabel: 'お知らせ一覧',
  unread: '未読',
  unreadCount: '未読{{count}}件',
  allRead: 'すべてのお知らせを既読にしました。',
  marking: '既読にしています…',
  more: 'もっと見る',
  loadingMore: '読み込んでいます…',
};
