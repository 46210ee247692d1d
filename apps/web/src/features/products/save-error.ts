import { ApiRequestError } from '../../api/client.ts';
import { errorMessage } from '../../lib/error-message.ts';

/** Spec §8: 'Kayıt sırasında hata oluştu: ' plus the server's message; 'Sunucu hatası: ...' offline. */
export function saveErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.code === 'NETWORK_ERROR') {
    return `Sunucu hatası: ${error.message}`;
  }
  return `Kayıt sırasında hata oluştu: ${errorMessage(error)}`;
}
