import { useEffect, useState } from 'react';

/**
 * An image the services serve only with the session: an <img src> cannot send the bearer, so the
 * image is fetched as a Blob by `load` (the route's) and shown through an object URL, revoked when
 * the url changes or the component goes. A late answer for an old url is dropped. Each screen keeps
 * its own rendering of the three states (loading: src null and not failed).
 */
export function useSessionImage(url: string, load: (url: string) => Promise<Blob>): { src: string | null; failed: boolean } {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    setSrc(null);
    setFailed(false);
    load(url)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, load]);
  return { src, failed };
}
