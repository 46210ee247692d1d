import type { Product } from '@mandira/contract/sellable-products';
import { Button, Modal, Stack } from '@mantine/core';
import { ModalFooter } from '../../lib/modals/modal-footer.tsx';
import { draftsOf } from './bundle-lines.ts';
import { BundleTable } from './bundle-table.tsx';

/** The 'İçindekiler' button of a row: what one piece of the product is made of. */
export function BundleViewerModal({
  product,
  onClose,
}: {
  product: Product | undefined;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={product !== undefined}
      onClose={onClose}
      title={`İçindekiler: ${product?.name ?? ''}`}
      size="xl"
    >
      {product && (
        <Stack gap="md">
          <BundleTable lines={draftsOf(product.productBundle)} />
          <ModalFooter>
            <Button variant="default" onClick={onClose}>
              Kapat
            </Button>
          </ModalFooter>
        </Stack>
      )}
    </Modal>
  );
}
