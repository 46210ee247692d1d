/**
 * The one message for an answer that cannot be understood. Its own module, free of zod, so that the
 * web app's first page can show it without loading the schema library.
 */
export const UNEXPECTED_ERROR_MESSAGE = 'Beklenmedik bir hata oluştu!';
