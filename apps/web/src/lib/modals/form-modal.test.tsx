import { Button, TextInput } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { CancelButton, FormModal } from './form-modal.tsx';

/** 'Müşteri Ekle' as the screens build it: a page button opens the form, its save closes it. */
function Screen({ onSave }: { onSave?: (title: string) => void }) {
  const [opened, setOpened] = useState(false);
  const [title, setTitle] = useState('');
  const close = () => {
    setOpened(false);
    setTitle('');
  };
  return (
    <>
      <Button onClick={() => setOpened(true)}>Müşteri Ekle</Button>
      <FormModal opened={opened} onClose={close} title="Müşteri Ekle">
        <TextInput label="Ünvan" value={title} onChange={(event) => setTitle(event.currentTarget.value)} />
        <CancelButton onClick={close} />
        <Button
          onClick={() => {
            onSave?.(title);
            close();
          }}
        >
          Kaydet
        </Button>
      </FormModal>
    </>
  );
}

function renderScreen(onSave?: (title: string) => void) {
  const rendered = renderWithProviders(
    <ModalsProvider>
      <Screen onSave={onSave} />
    </ModalsProvider>,
  );
  const open = async () => {
    await rendered.user.click(screen.getByRole('button', { name: 'Müşteri Ekle' }));
    return screen.getByRole('dialog', { name: 'Müşteri Ekle' });
  };
  return { ...rendered, open };
}

const question = () => screen.queryByRole('dialog', { name: 'Değişiklikler kaydedilmedi' });
const form = () => screen.queryByRole('dialog', { name: 'Müşteri Ekle' });
const backdrop = () => document.querySelector<HTMLElement>('.mantine-Modal-overlay')!;
const closeButton = () => document.querySelector<HTMLElement>('.mantine-Modal-close')!;

describe('FormModal', () => {
  it('closes an untouched form at once, by Esc, backdrop, × and İptal', async () => {
    const { user, open } = renderScreen();
    const ways = [
      () => user.keyboard('{Escape}'),
      () => user.click(backdrop()),
      () => user.click(closeButton()),
      () => user.click(screen.getByRole('button', { name: 'İptal' })),
    ];
    for (const close of ways) {
      await open();
      await close();
      await waitFor(() => expect(form()).not.toBeInTheDocument());
      expect(question()).not.toBeInTheDocument();
    }
  });

  it('asks before Esc, backdrop, × or İptal throws typed input away; Formda Kal keeps it', async () => {
    const { user, open } = renderScreen();
    await open();
    await user.type(screen.getByLabelText('Ünvan'), 'Yıldız Market');
    const ways = [
      () => user.keyboard('{Escape}'),
      () => user.click(backdrop()),
      () => user.click(closeButton()),
      () => user.click(screen.getByRole('button', { name: 'İptal' })),
    ];
    for (const close of ways) {
      await close();
      const asked = await screen.findByRole('dialog', { name: 'Değişiklikler kaydedilmedi' });
      expect(asked).toHaveTextContent('Formu kapatırsanız bu bilgiler silinecek.');
      await user.click(screen.getByRole('button', { name: 'Formda Kal' }));
      await waitFor(() => expect(question()).not.toBeInTheDocument());
      expect(form()).toBeInTheDocument();
      expect(screen.getByLabelText('Ünvan')).toHaveValue('Yıldız Market');
    }
  });

  it('Esc on the question keeps the form, asking once', async () => {
    const { user, open } = renderScreen();
    await open();
    await user.type(screen.getByLabelText('Ünvan'), 'Yıldız');
    await user.keyboard('{Escape}');
    await screen.findByRole('dialog', { name: 'Değişiklikler kaydedilmedi' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(question()).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(question()).not.toBeInTheDocument();
    expect(screen.getByLabelText('Ünvan')).toHaveValue('Yıldız');
  });

  it('closes without saving once the user confirms, and asks nothing on a save', async () => {
    const onSave = vi.fn();
    const { user, open } = renderScreen(onSave);
    await open();
    await user.type(screen.getByLabelText('Ünvan'), 'Yıldız');
    await user.keyboard('{Escape}');
    await screen.findByRole('dialog', { name: 'Değişiklikler kaydedilmedi' });
    await user.click(screen.getByRole('button', { name: 'Bilgileri Sil ve Kapat' }));
    await waitFor(() => expect(form()).not.toBeInTheDocument());
    expect(onSave).not.toHaveBeenCalled();

    // Opened again, it starts untouched; a save closes it without a question.
    await open();
    expect(screen.getByLabelText('Ünvan')).toHaveValue('');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(form()).not.toBeInTheDocument());
    await open();
    await user.type(screen.getByLabelText('Ünvan'), 'Ak Gıda');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(form()).not.toBeInTheDocument());
    expect(question()).not.toBeInTheDocument();
    expect(onSave).toHaveBeenCalledWith('Ak Gıda');
  });
});

/** A form opened over another one ('İçerik Ekle' over a sellable product). */
function Nested() {
  const [inner, setInner] = useState(false);
  const [outer, setOuter] = useState(true);
  return (
    <FormModal opened={outer} onClose={() => setOuter(false)} title="Ürün">
      <Button onClick={() => setInner(true)}>İçerik Ekle</Button>
      <FormModal opened={inner} onClose={() => setInner(false)} title="İçerik" zIndex={310}>
        <TextInput label="Miktar" />
      </FormModal>
    </FormModal>
  );
}

describe('FormModal over another', () => {
  it('Esc closes only the form on top', async () => {
    const { user } = renderWithProviders(
      <ModalsProvider>
        <Nested />
      </ModalsProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'İçerik Ekle' }));
    await screen.findByRole('dialog', { name: 'İçerik' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'İçerik' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Ürün' })).toBeInTheDocument();
  });
});
