import { Anchor, Badge, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useHasPrivilege } from '../../api/current-user.ts';
import { type SetupCounter, useSetupCounts } from './api.ts';

type Step = { counter: SetupCounter; screen: string; path: string; what: string };

/** In the order they build on each other: products are made of items, deliveries go to branches. */
const STEPS: readonly Step[] = [
  {
    counter: 'product-item-count',
    screen: 'Depolanabilir Ürünler',
    path: '/product-item',
    what: 'Stokta tuttuğunuz ürünleri tanımlayın ya da ERP’den alın.',
  },
  {
    counter: 'listing-product-count',
    screen: 'Satılabilir Ürünler',
    path: '/satis-urun-yonetimi',
    what: 'Satışa sunulan ürünleri depolanabilir ürünlerden oluşturup fiyatlandırın.',
  },
  {
    counter: 'buyer-count',
    screen: 'Müşteri Yönetimi',
    path: '/buyer-management',
    what: 'Müşterileri ekleyin ya da ERP’den senkronize edin.',
  },
  {
    counter: 'buyer-warehouses',
    screen: 'Müşteri Deposu Yönetimi',
    path: '/buyer-warehouse-management',
    what: 'Müşterilerin teslimat noktalarını haritada işaretleyin.',
  },
];

/**
 * 'İlk adımlar' on Ana Sayfa for the one who sets the portal up (the dashboard counters' holder):
 * what to define first, in order, each linked to its screen; gone once every step has a record.
 */
export function FirstStepsCard() {
  const mayCount = useHasPrivilege('DASHBOARD');
  const counts = useSetupCounts(
    STEPS.map((step) => step.counter),
    mayCount,
  );
  if (!mayCount || counts.some((count) => count.data === undefined)) return null;
  const done = counts.map((count) => (count.data ?? 0) > 0);
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
              <Anchor component={Link} to={step.path} fw={600} fz="sm">
                {index + 1}. {step.screen}
              </Anchor>
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
