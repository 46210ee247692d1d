import { MyWork } from '../my-work.ts';
import { operation } from '../operation.ts';

export const getMyWork = operation({
  operationId: 'getMyWork',
  method: 'GET',
  path: '/dashboard/my-work',
  tags: ['Ana sayfa'],
  summary: 'Kullanıcının ekranlarında bekleyen işler',
  description:
    'One card per screen the signed-in user may open (docs/domain/my-work.md): the label, the count ' +
    'of work waiting there (zero included) and the path that opens the screen filtered to it.',
  // Every signed-in user has a home screen; the cards are filtered by the screens they open.
  access: 'AUTH_ANY_ROLE',
  answer: MyWork,
});
