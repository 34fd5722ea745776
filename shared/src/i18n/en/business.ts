/** /mypage/businessSetting. */
export default {
  heading: 'Business settings',
};
