/** /home/search（クリエイター検索）。 */
export default {
  heading: 'クリエイターを探す',
  keyword: 'キーワード',
  keywordPlaceholder: '名前、ユーザー名、ジャンル、自己紹介',
  area: 'エリア',
  anyArea: 'すべてのエリア',
  submit: '検索する',
  searching: '検索しています…',
  results: '検索結果',
  empty: '条件に合うクリエイターは見つかりませんでした。キーワードを変えるか、エリアを広げてお試しください。',
  more: 'もっと見る',
  loadingMore: '読み込んでいます…',
  hint: 'キーワードかエリアのどちらかを指定して検索できます。',
};
