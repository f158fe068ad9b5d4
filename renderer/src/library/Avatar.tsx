/** A card's image, fetched when it scrolls into view; initials when the card has none. */
import { useEffect, useState } from 'react';
import { useApi } from '../app/ApiContext.ts';

const cache = new Map<string, string | null>();

export function Avatar({
  id,
  revision,
  name,
  hasImage,
}: {
  id: number;
  revision: number;
  name: string;
  hasImage: boolean;
}) {
  const api = useApi();
  const key = `${id}:${revision}`;
  const [src, setSrc] = useState<string | null | undefined>(cache.get(key));
  useEffect(() => {
    if (!hasImage || cache.has(key)) return;
    let live = true;
    api.invoke('cards.avatar', { id }).then(
      (r) => {
        const url = r
          ? URL.createObjectURL(new Blob([Uint8Array.from(atob(r.base64), (c) => c.charCodeAt(0))], { type: r.mime }))
          : null;
        cache.set(key, url);
        if (live) setSrc(url);
      },
      () => cache.set(key, null),
    );
    return () => {
      live = false;
    };
  }, [api, id, key, hasImage]);
  if (src) return <img className="avatar" src={src} alt="" loading="lazy" />;
  const initials = [...name.trim()].slice(0, 2).join('').toUpperCase() || '?';
  return (
    <div className="avatar placeholder" aria-hidden="true">
      {initials}
    </div>
  );
}
