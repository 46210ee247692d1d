import '@mandira/contract/messages';
