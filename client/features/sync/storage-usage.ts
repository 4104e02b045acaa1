import { useEffect, useState } from 'react';

export interface StorageUsage {
  /** Bytes this site uses and may use, as the browser estimates them. */
  usage: number;
  quota: number;
  /** Whether the browser promised not to evict this site's data under pressure. */
  persisted: boolean;
}

/** The browser's estimate, or null where it cannot say (an old browser, a blocked API). */
export async function readStorageUsage(): Promise<StorageUsage | null> {
  try {
    const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
    if (!storage?.estimate) return null;
    const [estimate, persisted] = await Promise.all([
      storage.estimate(),
      storage.persisted?.().catch(() => false) ?? Promise.resolve(false),
    ]);
    return { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0, persisted };
  } catch {
    return null;
  }
}

/** Read once per visit of the screen (and again after a sync finishes, when `refresh` changes). */
export function useStorageUsage(refresh: unknown): StorageUsage | null {
  const [usage, setUsage] = useState<StorageUsage | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `refresh` only says when to read again.
  useEffect(() => {
    let live = true;
    void readStorageUsage().then((u) => {
      if (live) setUsage(u);
    });
    return () => {
      live = false;
    };
  }, [refresh]);
  return usage;
}

const MB = 1024 * 1024;

/** '12.3 MB' (one decimal under 100 MB), '512 MB', and from 1,024 MB on '10.2 GB'. */
export const storageSize = (bytes: number): string => {
  const mb = bytes / MB;
  if (mb >= 1024) return `${(mb / 1024).toLocaleString('es-MX', { maximumFractionDigits: 1 })} GB`;
  return `${mb.toLocaleString('es-MX', { maximumFractionDigits: mb < 100 ? 1 : 0 })} MB`;
};
