import { act, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { CenteredLoader } from '../lib/pages/centered-loader.tsx';
import { CHUNK_LOAD_TIMEOUT_MS, lazyScreen, withinTimeout } from './lazy-screen.ts';
import { RouteErrorPage } from './route-error-page.tsx';

describe('a screen whose script does not arrive', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('spins for two minutes, then offers a reload instead of spinning forever', async () => {
    const Never = lazyScreen(() => new Promise<{ default: () => null }>(() => {}));
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <Suspense fallback={<CenteredLoader />}>
            <Never />
          </Suspense>
        ),
        errorElement: <RouteErrorPage />,
      },
    ]);
    renderWithProviders(<RouterProvider router={router} />);
    expect(screen.getByText('Yükleniyor...')).toBeTruthy();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1_000);
    });
    expect(screen.queryByRole('button', { name: 'Yeniden yükle' })).toBeNull();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(await screen.findByRole('button', { name: 'Yeniden yükle' })).toBeTruthy();
    expect(screen.getByText(/Sayfanın dosyaları yüklenemedi/)).toBeTruthy();
  });

  it('hands over a script that arrives in time, and its own failure unchanged', async () => {
    await expect(withinTimeout(async () => 'modül', 1_000)).resolves.toBe('modül');
    const failure = new Error('Failed to fetch dynamically imported module');
    await expect(withinTimeout(() => Promise.reject(failure), 1_000)).rejects.toBe(failure);
  });
});
