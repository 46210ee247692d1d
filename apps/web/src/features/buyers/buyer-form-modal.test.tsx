import type { Buyer } from '@mandira/contract/buyers';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { ApiRequestError } from '../../api/client.ts';
import { BuyerFormModal } from './buyer-form-modal.tsx';

const api = vi.hoisted(() => ({ mutateAsync: vi.fn(), fetchBuyer: vi.fn() }));
vi.mock('./api.ts', () => ({
  useSaveBuyer: () => ({ mutateAsync: api.mutateAsync }),
  fetchBuyer: api.fetchBuyer,
}));

const STALE =
  'Bu kayıt siz açtıktan sonra Ayşe Yılmaz tarafından değiştirildi (24.11.2026 22:14). ' +
  'Son hâlini görmek için formu kapatıp yeniden açın.';

const opened: Buyer = {
  id: 7,
  code: 'MUS-7',
  title: 'Kuzey Gıda',
  name: '',
  surname: '',
  email: '',
  phone1: '',
  phone2: '',
  tckn: null,
  vkn: null,
  taxOffice: '',
  addressMain: '',
  addressSecondary: '',
  minRemainingShelfLifeDays: null,
  version: 3,
};

const title = () => screen.getByRole('textbox', { name: /Ünvan/ });

beforeEach(() => {
  api.mutateAsync.mockReset();
  api.fetchBuyer.mockReset();
});

describe('the buyer form when someone else saved first', () => {
  it('sends its version, shows the message with the typed text kept, and loads the latest on request', async () => {
    api.mutateAsync.mockRejectedValueOnce(new ApiRequestError({ code: 'CONFLICT', message: STALE }));
    api.fetchBuyer.mockResolvedValueOnce({ ...opened, title: 'Kuzey Gıda A.Ş.', version: 4 });
    const { user } = renderWithProviders(<BuyerFormModal opened buyer={opened} onClose={() => {}} />);

    await user.clear(title());
    await user.type(title(), 'Kuzey Süt');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));

    expect(api.mutateAsync).toHaveBeenCalledWith(
      expect.objectContaining({ id: 7, version: 3, title: 'Kuzey Süt' }),
    );
    expect(await screen.findByText(STALE)).toBeInTheDocument();
    expect(title()).toHaveValue('Kuzey Süt');

    await user.click(screen.getByRole('button', { name: 'Son hâlini yükle' }));
    await waitFor(() => expect(title()).toHaveValue('Kuzey Gıda A.Ş.'));
    expect(screen.queryByText(STALE)).not.toBeInTheDocument();
    expect(api.fetchBuyer).toHaveBeenCalledWith(7);

    // The next save carries the version it was reloaded at.
    api.mutateAsync.mockResolvedValueOnce({ ...opened, version: 5 });
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() =>
      expect(api.mutateAsync).toHaveBeenLastCalledWith(expect.objectContaining({ version: 4 })),
    );
    // A form typed into and saved twice: more than the default five seconds on a slow machine.
  }, 30_000);

  it('keeps any other refusal in the form alert, without the reload', async () => {
    api.mutateAsync.mockRejectedValueOnce(
      new ApiRequestError({ code: 'DUPLICATE', message: "'MUS-7' kodlu bir müşteri zaten kayıtlı." }),
    );
    const { user } = renderWithProviders(<BuyerFormModal opened buyer={opened} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText("'MUS-7' kodlu bir müşteri zaten kayıtlı.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Son hâlini yükle' })).not.toBeInTheDocument();
  });
});

describe("the buyer's minimum remaining shelf life", () => {
  const days = () => screen.getByRole('textbox', { name: /Asgari kalan raf ömrü/ });

  it('shows the kept days, sends the typed ones as a number and a blank as none', async () => {
    api.mutateAsync.mockResolvedValue({ ...opened, version: 4 });
    const { user } = renderWithProviders(
      <BuyerFormModal opened buyer={{ ...opened, minRemainingShelfLifeDays: 10 }} onClose={() => {}} />,
    );
    expect(days()).toHaveValue('10');
    await user.clear(days());
    await user.type(days(), '21');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() =>
      expect(api.mutateAsync).toHaveBeenCalledWith(
        expect.objectContaining({ minRemainingShelfLifeDays: 21 }),
      ),
    );
  }, 30_000);

  it('refuses days that are not a whole number on the field, sending nothing', async () => {
    const { user } = renderWithProviders(<BuyerFormModal opened buyer={opened} onClose={() => {}} />);
    await user.type(days(), '7,5');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Gün sayısı tam sayı olmalıdır.')).toBeInTheDocument();
    expect(api.mutateAsync).not.toHaveBeenCalled();
  }, 30_000);
});
