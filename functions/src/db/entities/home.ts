import { Entity } from 'electrodb';
import { SERVICE } from '../keys.ts';

/**
 * Lists computed by scheduled jobs and read as one item by `GET /home`: `recommended` (creator
 * cards) and `product-sales#<ym>` (item rankings by amount and count, with the shop).
 */
export const RankingSnapshot = new Entity({
  model: { entity: 'rankingSnapshot', version: '1', service: SERVICE },
  attributes: {
    name: { type: 'string', required: true, readOnly: true },
    /** The lists as the home screen shows them (JSON of the shared contracts' shapes). */
    lists: { type: 'any', required: true },
    computedAt: { type: 'string', required: true },
  },
  indexes: {
    byName: {
      pk: { field: 'pk', composite: [], template: 'ranking', casing: 'none' },
      sk: { field: 'sk', composite: ['name'], template: '${name}', casing: 'none' },
    },
  },
});

/**
 * News by operators, in ja and en, for some audiences (roles). The audience rows list a role's
 * published news, newest first (gsi1); the console (issue 17) writes both in one transaction,
 * conditional on the news' version. A withdrawn news keeps its item (status `withdrawn`) and loses
 * its audience rows. The console lists every news by publication time (gsi1 `news-list`).
 */
export const News = new Entity({
  model: { entity: 'news', version: '1', service: SERVICE },
  attributes: {
    newsId: { type: 'string', required: true, readOnly: true },
    titleJa: { type: 'string', required: true },
    titleEn: { type: 'string', required: true },
    bodyJa: { type: 'string', required: true },
    bodyEn: { type: 'string', required: true },
    audiences: { type: 'list', items: { type: 'number' }, required: true },
    publishedAt: { type: 'string', required: true },
    createdAt: { type: 'string', required: true, readOnly: true },
    /** `live` (published or scheduled by `publishedAt`) or `withdrawn`; absent on older items = live. */
    status: { type: ['live', 'withdrawn'] as const, default: 'live' },
    /** Bumped by every console edit; absent on older items = 1. */
    version: { type: 'number', default: 1 },
    updatedAt: { type: 'string' },
    withdrawnAt: { type: 'string' },
  },
  indexes: {
    byId: {
      collection: 'news',
      pk: { field: 'pk', composite: ['newsId'], template: 'news#${newsId}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'news', casing: 'none' },
    },
    all: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], template: 'news-list', casing: 'none' },
      sk: {
        field: 'gsi1sk',
        composite: ['publishedAt', 'newsId'],
        template: '${publishedAt}#${newsId}',
        casing: 'none',
      },
    },
  },
});

export const NewsAudience = new Entity({
  model: { entity: 'newsAudience', version: '1', service: SERVICE },
  attributes: {
    newsId: { type: 'string', required: true, readOnly: true },
    roleId: { type: 'number', required: true, readOnly: true },
    titleJa: { type: 'string', required: true },
    titleEn: { type: 'string', required: true },
    publishedAt: { type: 'string', required: true },
  },
  indexes: {
    byNews: {
      collection: 'news',
      pk: { field: 'pk', composite: ['newsId'], template: 'news#${newsId}', casing: 'none' },
      sk: { field: 'sk', composite: ['roleId'], template: 'audience#${roleId}', casing: 'none' },
    },
    forRole: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['roleId'], template: 'news-for#${roleId}', casing: 'none' },
      sk: {
        field: 'gsi1sk',
        composite: ['publishedAt', 'newsId'],
        template: '${publishedAt}#${newsId}',
        casing: 'none',
      },
    },
  },
});

/** The home screen's campaign banner chosen by operators (one item; absent = no banner). */
export const HomeBanner = new Entity({
  model: { entity: 'homeBanner', version: '1', service: SERVICE },
  attributes: {
    imageKey: { type: 'string', required: true },
    altJa: { type: 'string', required: true },
    altEn: { type: 'string', required: true },
    link: { type: 'string' },
    updatedAt: { type: 'string', required: true },
    /** Bumped by every console change (issue 17); absent on older items = 1. */
    version: { type: 'number', default: 1 },
  },
  indexes: {
    one: {
      pk: { field: 'pk', composite: [], template: 'home', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'banner', casing: 'none' },
    },
  },
});
