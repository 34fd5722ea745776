import { businessConfig } from '@app/shared/config';
import { beforeEach, describe, expect, it } from 'vitest';
import { captureInvitation, clearInvitation, pendingInvitation } from './invitation.ts';

const DAY = 86_400_000;

describe('invitation links', () => {
  beforeEach(() => clearInvitation());

  it('keeps the creator of /@{username}?invite=1 in every language form, and its sections', () => {
    for (const path of ['/@hinata', '/en/@hinata', '/ja/@hinata/', '/@hinata/posts']) {
      clearInvitation();
      captureInvitation(path, '?invite=1', 1000);
      expect(pendingInvitation(2000), path).toBe('hinata');
    }
  });

  it('ignores other pages, other query values and names that are not usernames', () => {
    captureInvitation('/@hinata', '', 0);
    captureInvitation('/@hinata', '?invite=0', 0);
    captureInvitation('/home', '?invite=1', 0);
    captureInvitation('/@no-way!', '?invite=1', 0);
    expect(pendingInvitation(0)).toBeNull();
  });

  it('lasts social.invitationDays, then is dropped; the latest link wins', () => {
    captureInvitation('/@first', '?invite=1', 0);
    captureInvitation('/@second', '?invite=1', 0);
    const days = businessConfig.social.invitationDays;
    expect(pendingInvitation(days * DAY)).toBe('second');
    expect(pendingInvitation(days * DAY + 1)).toBeNull();
    expect(pendingInvitation(0)).toBeNull();
  });
});
