import { ApiRequestError } from '../../api/client.ts';
import { errorMessage } from '../../lib/forms/error-message.ts';

/**
 * 'Kayıt sırasında hata oluştu: ' plus the server's message; 'Sunucu hatası: ...' offline.
 * `message` is the server's message as the form words it (a field's key replaced by its label).
 */
export function saveErrorMessage(error: unknown, message = errorMessage(error)): string {
  if (error instanceof ApiRequestError && error.code === 'NETWORK_ERROR') {
    return `Sunucu hatası: ${message}`;
  }
  return `Kayıt sırasında hata oluştu: ${message}`;
}
