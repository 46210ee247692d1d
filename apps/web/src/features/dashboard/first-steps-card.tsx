import { BUILT_IN_ROLES, PRIVILEGES, type PrivilegeKey } from '@mandira/contract/roles';
import { type ScreenKey, screenByKey } from '@mandira/contract/screens';
import { Anchor, Badge, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser, useHasPrivilege } from '../../api/current-user.ts';
import { type SetupCounter, useSetupCounts } from './api.ts';

type Step = {
  counter: SetupCounter;
  screen: string;
  /** The screen the step links to, by its key in the contract's screen table. */
  screenKey: ScreenKey;
  /** The privilege that opens the screen: its holders get the link, the others read who does it. */
  access: PrivilegeKey;
  what: string;
  /** Done once the counter passes this; 0 unless told. */
  doneAbove?: number;
};

/**
 * In the order they build on each other: the team first, products are made of items, stock is entered
 * for items, deliveries go to branches.
 */
const STEPS: readonly Step[] = [
  {
    counter: 'user-count',
    screen: 'Kullanıcı Yönetimi',
    screenKey: 'users',
    access: 'USER_MANAGEMENT',
    what: 'Ekibinizin kullanıcılarını ekleyin ve rollerini verin.',
    // The one setting the portal up is the first user.
    doneAbove: 1,
  },
  {
    counter: 'product-item-count',
    screen: 'Depolanabilir Ürünler',
    screenKey: 'product-items',
    access: 'PRODUCT_ITEM_MANAGEMENT',
    what: 'Stokta tuttuğunuz ürünleri tanımlayın ya da ERP’den alın.',
  },
  {
    counter: 'stocked-item-count',
    screen: 'Mal Giriş Çıkış',
    screenKey: 'goods-in-out',
    access: 'GOODS_IN_OUT',
    what: 'Depolardaki mevcut stoğu mal girişiyle kaydedin.',
  },
  {
    counter: 'listing-product-count',
    screen: 'Satılabilir Ürünler',
    screenKey: 'sellable-products',
    access: 'SELLABLE_PRODUCT_MANAGEMENT',
    what: 'Satışa sunulan ürünleri depolanabilir ürünlerden oluşturup fiyatlandırın.',
  },
  {
    counter: 'buyer-count',
    screen: 'Müşteri Yönetimi',
    screenKey: 'buyers',
    access: 'BUYER_MANAGEMENT',
    what: 'Müşterileri ekleyin ya da ERP’den senkronize edin.',
  },
  {
    counter: 'buyer-warehouses',
    screen: 'Müşteri Deposu Yönetimi',
    screenKey: 'buyer-warehouses',
    access: 'BUYER_WAREHOUSE_MANAGEMENT',
    what: 'Müşterilerin teslimat noktalarını haritada işaretleyin.',
  },
];

/**
 * 'İlk adımlar' on Ana Sayfa for the one who sets the portal up (the dashboard counters' holder):
 * what to define first, in order, each linked to its screen; gone once every step has a record.
 */
/** Who does a step the reader cannot: the built-in roles seeded with its privilege. */
const doerOf = (access: PrivilegeKey) =>
  PRIVILEGES[access].roles.map((role) => BUILT_IN_ROLES[role]).join(', ');

export function FirstStepsCard() {
  const mayCount = useHasPrivilege('DASHBOARD');
  const privileges = useCurrentUser().data?.privileges ?? [];
  const counts = useSetupCounts(
    STEPS.map((step) => step.counter),
    mayCount,
  );
  if (!mayCount || counts.some((count) => count.data === undefined)) return null;
  const done = counts.map((count, index) => (count.data ?? 0) > (STEPS[index]!.doneAbove ?? 0));
  if (done.every(Boolean)) return null;
  return (
    <Paper withBorder radius="md" p="xl" maw={720} data-testid="first-steps">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3">
            İlk adımlar
          </Title>
          <Badge variant="light" style={{ textTransform: 'none' }}>
            {done.filter(Boolean).length} / {STEPS.length} tamamlandı
          </Badge>
        </Group>
        <Text fz="sm" c="dimmed">
          Sipariş alabilmek için önce şunları tanımlayın; her adım bir öncekine dayanır.
        </Text>
        <List spacing="sm" center>
          {STEPS.map((step, index) => (
            <List.Item
              key={step.counter}
              data-testid="first-step"
              data-done={done[index]}
              icon={
                <ThemeIcon color={done[index] ? 'teal' : 'gray'} variant="light" radius="xl" size={26}>
                  {done[index] ? <IconCircleCheck size={18} /> : <IconCircleDashed size={18} />}
                </ThemeIcon>
              }
            >
              {privileges.includes(step.access) ? (
                <Anchor component={Link} to={screenByKey(step.screenKey).paths[0] ?? '/'} fw={600} fz="sm">
                  {index + 1}. {step.screen}
                </Anchor>
              ) : (
                <Text fw={600} fz="sm" span>
                  {index + 1}. {step.screen}{' '}
                  <Text span fz="xs" fw={400} c="dimmed">
                    ({doerOf(step.access)} yapar)
                  </Text>
                </Text>
              )}
              <Text fz="sm" c="dimmed" td={done[index] ? 'line-through' : undefined}>
                {step.what}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
