import { describe, expect, it } from 'vitest';
import { deviceIdOf, isPushEndpoint } from './subscriptions.ts';

describe('push endpoints', () => {
  it('takes the browsers’ push services over https, and nothing else', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ])
      expect(isPushEndpoint(endpoint, null), endpoint).toBe(true);
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/x',
      'https://notify.windows.com/x',
      'https://evilnotify.windows.com.example/x',
      'https://169.254.169.254/latest/meta-data/',
      'https://localhost/x',
      'not a url',
    ])
      expect(isPushEndpoint(endpoint, null), endpoint).toBe(false);
  });

  it('on the local cloud takes the stand-in’s send URLs only', () => {
    const standIn = 'http://localhost:3000/_local/push';
    expect(isPushEndpoint(`${standIn}/send/abc`, standIn)).toBe(true);
    expect(isPushEndpoint(`${standIn}/subscriptions`, standIn)).toBe(false);
    expect(isPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', standIn)).toBe(false);
    expect(isPushEndpoint('http://localhost:3001/_local/push/send/abc', standIn)).toBe(false);
  });

  it('names a device by the SHA-256 of its endpoint (base64url, 43 characters)', () => {
    expect(deviceIdOf('https://fcm.googleapis.com/fcm/send/a')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(deviceIdOf('a')).not.toBe(deviceIdOf('b'));
  });
});
