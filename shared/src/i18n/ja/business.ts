/** /mypage/businessSetting. */
export default {
  heading: 'ビジネス設定',
};
