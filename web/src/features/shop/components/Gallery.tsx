import type { ShopItemView } from '@app/shared/schemas/shop';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageViewer, type ViewerImage } from '../../../components/ImageViewer.tsx';

/** The thumbnail and the public samples; each opens the image viewer at its place. */
export function Gallery({ item }: { item: ShopItemView }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const count = item.samples.length;
  const images: ViewerImage[] = [
    ...(item.thumbnail ? [{ src: item.thumbnail, alt: item.name, title: item.name }] : []),
    ...item.samples.map((s, i) => ({
      src: s.url,
      alt: t('shop.item.gallery.sampleTitle', { index: i + 1, count }),
      title: t('shop.item.gallery.sampleTitle', { index: i + 1, count }),
    })),
  ];
  const offset = item.thumbnail ? 1 : 0;
  return (
    <section className="shop-gallery" aria-label={t('shop.item.gallery.label')}>
      {item.thumbnail ? (
        <button
          type="button"
          className="shop-gallery__main"
          onClick={() => setOpen(0)}
          aria-label={t('shop.item.gallery.thumbnail')}
        >
          <img src={item.thumbnail} alt="" />
        </button>
      ) : (
        <p className="shop-gallery__none muted">{t('shop.item.gallery.noImage')}</p>
      )}
      {count > 0 ? (
        <ul className="shop-gallery__samples">
          {item.samples.map((s, i) => (
            <li key={s.url}>
              <button
                type="button"
                className="shop-gallery__sample"
                onClick={() => setOpen(offset + i)}
                aria-label={t('shop.item.gallery.sample', { index: i + 1 })}
              >
                <img src={s.thumb} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {images.length > 0 ? (
        <ImageViewer
          images={images}
          visible={open !== null}
          index={open ?? 0}
          onClose={() => setOpen(null)}
          onIndexChange={(i) => setOpen(i)}
        />
      ) : null}
    </section>
  );
}
