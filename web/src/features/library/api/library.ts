/** The library, sales status, return gifts and grants: one function per call (shared/src/schemas/shop.ts). */
import {
  type GiftUploadPurpose,
  grantPointsResponse,
  type libraryFilters,
  type libraryViews,
  purchaseLogDetail,
  purchaseLogListResponse,
  salesCompleteAllResponse,
  salesLineView,
  salesStatusResponse,
  uploadUrlView,
} from '@app/shared/schemas/shop';
import { apiRequest } from '../../../lib/api.ts';

export type LibraryView = (typeof libraryViews)[number];
export type LibraryFilter = (typeof libraryFilters)[number];

/** GET /mypage/library/purchase-log-list/{view}/{filter}?cursor=: one page of my purchases. */
export const getLibrary = (view: LibraryView, filter: LibraryFilter, cursor: string | undefined) =>
  apiRequest({
    method: 'GET',
    path: `/mypage/library/purchase-log-list/${view}/${filter}`,
    query: { cursor },
    auth: true,
    response: purchaseLogListResponse,
  });

/** GET /mypage/library/purchase-log/{id}: a purchase with its files' URLs (minted for 5 minutes). */
export const getPurchaseLog = (id: string) =>
  apiRequest({
    method: 'GET',
    path: `/mypage/library/purchase-log/${encodeURIComponent(id)}`,
    auth: true,
    response: purchaseLogDetail,
  });

/** GET /item/sales-status/{id}?cursor=: my shop's (`all`) or one item's order lines. */
export const getSalesStatus = (id: string, cursor: string | undefined) =>
  apiRequest({
    method: 'GET',
    path: `/item/sales-status/${encodeURIComponent(id)}`,
    query: { cursor },
    auth: true,
    response: salesStatusResponse,
  });

/** POST /item/sales-status/complete {id, is_completed}: a physical line provided (or not). */
export const completeSale = (id: string, completed: boolean) =>
  apiRequest({
    method: 'POST',
    path: '/item/sales-status/complete',
    body: { id, is_completed: completed },
    auth: true,
    response: salesLineView,
  });

/** POST /item/sales-status/complete-all {item_id?}: every physical line not provided yet. */
export const completeAllSales = (itemId?: string) =>
  apiRequest({
    method: 'POST',
    path: '/item/sales-status/complete-all',
    body: itemId ? { item_id: itemId } : {},
    auth: true,
    response: salesCompleteAllResponse,
  });

/** POST /item/sales-status/upload-url: a presigned POST for a line's return gift photo or video. */
export const getGiftUploadUrl = (lineId: string, purpose: GiftUploadPurpose, contentType: string) =>
  apiRequest({
    method: 'POST',
    path: '/item/sales-status/upload-url',
    body: { line_id: lineId, purpose, content_type: contentType },
    auth: true,
    response: uploadUrlView,
  });

/** POST /item/sales-status/upload-return {id, message, file}: the line's return gift (once). */
export const sendReturnGift = (id: string, message: string, file: string | null) =>
  apiRequest({
    method: 'POST',
    path: '/item/sales-status/upload-return',
    body: { id, message, file },
    auth: true,
    response: salesLineView,
  });

/** POST /item/grant-points {fan_id, points, key}: my original points to a fan (a key grants once). */
export const grantPoints = (fanId: string, points: number, key: string) =>
  apiRequest({
    method: 'POST',
    path: '/item/grant-points',
    body: { fan_id: fanId, points, key },
    auth: true,
    response: grantPointsResponse,
  });
