import type { MypageResponse } from '@app/shared/schemas/mypage';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, expect, it, vi } from 'vitest';
import { createI18n } from '../../../lib/i18n.ts';
import { withQueryCache } from '../../../lib/QueryProvider.tsx';
import { queryClient } from '../../../lib/query.ts';
import { jsonResponse } from '../../../test/boundary.ts';
import { FakeXhr, stubUploads } from '../../../test/fake-xhr.ts';
import { prepareScreenTest } from '../../../test/screen.ts';
import { accountKey } from '../account-store.ts';
import { ProfileImages } from './ProfileImages.tsx';

const account = (profileImage: string | null): MypageResponse => ({
  profile: {
    id: 'c1',
    role_id: 2,
    username: 'sakura',
    nickname: 'さくら',
    genre: null,
    bio: null,
    area: 13,
    profile_image: profileImage,
    background_image: null,
    is_anonymous_open_log: false,
    is_hide_supporter_ranking: false,
  },
  user: null,
  bank: null,
  email: null,
  step: 4,
  final_step: 3,
  setup_complete: true,
  bank_skipped: true,
  business: null,
  cast_of: null,
  password_change_required: false,
});

const fetchMock = prepareScreenTest({ config: { wsUrl: 'ws://localhost/ws' }, signIn: ['c1', 2] });
beforeEach(() => {
  stubUploads();
  FakeXhr.hold = true;
});

const Images = withQueryCache(ProfileImages);
function renderImages(lang: 'ja' | 'en', data = account(null)) {
  render(
    <I18nextProvider i18n={createI18n(lang)}>
      <Images account={data} />
    </I18nextProvider>,
  );
}
/** Picks a file for the avatar (the first picker). */
const pick = (file: File) => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  fireEvent.change(input as HTMLInputElement, { target: { files: [file] } });
};
const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path));

it('[ja] shows a preview and the progress, then saves the uploaded key', async () => {
  fetchMock.mockImplementation(async (url) =>
    String(url).endsWith('/mypage/profile/upload-url')
      ? jsonResponse({
          status: 200,
          body: {
            key: 'uploads/avatar/c1-x.jpg',
            url: 'http://s3/bucket',
            fields: { key: 'uploads/avatar/c1-x.jpg', 'Content-Type': 'image/jpeg' },
            expires_in: 600,
            max_bytes: 20971520,
          },
        })
      : jsonResponse({ status: 200, body: account('http://site/media/avatar/c1-y/full.webp') }),
  );
  renderImages('ja');
  pick(new File([new Uint8Array(10)], 'me.jpg', { type: 'image/jpeg' }));
  expect(await screen.findByText('アップロード中… 50%')).toBeTruthy();
  expect(screen.getByRole('img', { name: '選んだ画像のプレビュー' }).getAttribute('src')).toBe(
    'blob:preview',
  );
  expect(JSON.parse(String(calls('/mypage/profile/upload-url')[0]?.[1]?.body))).toEqual({
    kind: 'avatar',
    content_type: 'image/jpeg',
  });
  expect(FakeXhr.sent[0]?.form.get('key')).toBe('uploads/avatar/c1-x.jpg');
  await act(async () => FakeXhr.release?.());
  expect(await screen.findByText('画像を保存しました。')).toBeTruthy();
  expect(JSON.parse(String(calls('/mypage/profile/image')[0]?.[1]?.body))).toEqual({
    kind: 'avatar',
    upload_key: 'uploads/avatar/c1-x.jpg',
  });
  expect(queryClient.getQueryData<MypageResponse>(accountKey)?.profile.profile_image).toBe(
    'http://site/media/avatar/c1-y/full.webp',
  );
});

it('[en] refuses a file that is not a JPEG, PNG or WebP before any call', async () => {
  renderImages('en');
  pick(new File([new Uint8Array(10)], 'anim.gif', { type: 'image/gif' }));
  expect(await screen.findByText('Choose a JPEG, PNG or WebP picture.')).toBeTruthy();
  expect(fetchMock).not.toHaveBeenCalled();
});

it('[en] says when the upload failed, and saves nothing', async () => {
  FakeXhr.status = 0;
  fetchMock.mockResolvedValue(
    jsonResponse({
      status: 200,
      body: { key: 'uploads/avatar/c1-x.png', url: 'http://s3/b', fields: {}, expires_in: 600, max_bytes: 1 },
    }),
  );
  renderImages('en');
  pick(new File([new Uint8Array(10)], 'me.png', { type: 'image/png' }));
  await screen.findByText('Uploading… 50%');
  await act(async () => FakeXhr.release?.());
  expect(await screen.findByText(/could not be uploaded/)).toBeTruthy();
  expect(calls('/mypage/profile/image')).toEqual([]);
});

it('[ja] removes a picture after confirmation', async () => {
  vi.stubGlobal('confirm', () => true);
  fetchMock.mockResolvedValue(jsonResponse({ status: 200, body: account(null) }));
  renderImages('ja', account('http://site/media/avatar/c1-y/full.webp'));
  fireEvent.click(screen.getAllByRole('button', { name: '画像を削除する' })[0] as HTMLElement);
  expect(await screen.findByText('画像を削除しました。')).toBeTruthy();
  expect(JSON.parse(String(calls('/mypage/profile/image')[0]?.[1]?.body))).toEqual({
    kind: 'avatar',
    upload_key: null,
  });
});
