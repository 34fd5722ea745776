import { Navigate } from 'react-router';

/** /mypage/businessSetting itself shows the basic settings. */
export default function BusinessSettingIndex() {
  return <Navigate to="base" replace />;
}
