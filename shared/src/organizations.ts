/**
 * Organizations and their casts (issue 16; DECISIONS.md "Organizations and casts"): the review's
 * states and what an owner may change in each.
 */
import { businessConfig } from './config.ts';

export const ORGANIZATION_CATEGORIES = businessConfig.organizations.categories;
export type OrganizationCategory = (typeof ORGANIZATION_CATEGORIES)[number];

/** under review → approved, or rejected with a reason (the owner edits and applies again). */
export const organizationStatuses = ['review', 'approved', 'rejected'] as const;
export type OrganizationStatus = (typeof organizationStatuses)[number];

/** The fields an approved organization can no longer change without the operators. */
export const reviewedFields = ['name', 'category'] as const;

/**
 * The status an organization has after its owner saves the form: a first application and a
 * re-application after a rejection go (back) under review; an approved one stays approved (its
 * reviewed fields cannot change), one under review stays under review.
 */
export function statusAfterSave(current: OrganizationStatus | null): OrganizationStatus {
  return current === 'approved' ? 'approved' : 'review';
}

/** Only an approved organization manages casts. */
export const managesCasts = (status: OrganizationStatus | null | undefined): boolean => status === 'approved';

export const castStatuses = ['active', 'suspended'] as const;
export type CastStatus = (typeof castStatuses)[number];
