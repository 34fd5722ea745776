import type { MypageResponse } from '@app/shared/schemas/mypage';
import { useOutletContext } from 'react-router';

/** The account loaded by AccountLayout, for its child tabs. */
export const useAccountData = () => useOutletContext<MypageResponse>();
