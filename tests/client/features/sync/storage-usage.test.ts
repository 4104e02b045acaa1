import { afterEach, describe, expect, test, vi } from 'vitest';
import { readStorageUsage, storageSize } from '../../../../client/features/sync/storage-usage';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the storage line of the sync screen', () => {
  test('says sizes the Mexican way, in MB and from a gigabyte on in GB', () => {
    expect(storageSize(12.34 * 1024 * 1024)).toBe('12.3 MB');
    expect(storageSize(512 * 1024 * 1024)).toBe('512 MB');
    expect(storageSize(10_242 * 1024 * 1024)).toBe('10 GB');
    expect(storageSize(1.5 * 1024 * 1024 * 1024)).toBe('1.5 GB');
  });

  test("reads the browser's estimate and whether the data is protected", async () => {
    vi.stubGlobal('navigator', {
      storage: {
        estimate: async () => ({ usage: 5 * 1024 * 1024, quota: 800 * 1024 * 1024 }),
        persisted: async () => true,
      },
    });
    expect(await readStorageUsage()).toEqual({
      usage: 5 * 1024 * 1024,
      quota: 800 * 1024 * 1024,
      persisted: true,
    });
  });

  test('says nothing where the browser cannot estimate', async () => {
    vi.stubGlobal('navigator', {});
    expect(await readStorageUsage()).toBeNull();
  });
});
