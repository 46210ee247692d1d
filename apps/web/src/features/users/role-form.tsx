import { type AclRole, CreateAclRoleBody, type Privilege } from '@mandira/contract/access';
import type { PrivilegeKey } from '@mandira/contract/roles';
import { Anchor, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { contractResolver } from '../../lib/forms/contract-resolver.ts';
import { FormActions } from '../../lib/forms/form-actions.tsx';
import { FormError } from '../../lib/forms/form-error.tsx';
import { showServerError } from '../../lib/forms/server-error.ts';
import type { LoadLatest } from '../../lib/forms/stale-record.tsx';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { useSaveAclRole } from './api.ts';

type RoleFormValues = { key: string; label: string; privileges: PrivilegeKey[] };

type Props = {
  role: AclRole | undefined;
  privileges: Privilege[];
  /** The reload offered when the save finds the role changed meanwhile. */
  latest?: LoadLatest;
  onDone: () => void;
};

const LABELS = { key: 'Rol anahtarı', label: 'Rol adı', privileges: 'Yetkiler' } as const;
const resolver = contractResolver<RoleFormValues>(CreateAclRoleBody);

export function RoleForm({ role, privileges, latest, onDone }: Props) {
  const saveRole = useSaveAclRole();
  const [serverError, setServerError] = useState<string>();
  const { register, control, handleSubmit, setValue, watch, setError, formState } = useForm<RoleFormValues>({
    resolver,
    defaultValues: { key: role?.key ?? '', label: role?.label ?? '', privileges: role?.privileges ?? [] },
  });
  const chosen = watch('privileges');

  const save = useSubmitGuard(async (values: RoleFormValues) => {
    setServerError(undefined);
    // A disabled field may come back empty; a built-in role's key cannot change anyway.
    const body = {
      key: role?.builtIn ? role.key : values.key.trim(),
      label: values.label.trim(),
      privileges: values.privileges,
    };
    try {
      await saveRole.mutateAsync(role ? { id: role.id, version: role.version, ...body } : body);
      notifications.show({ color: 'green', message: `${body.label} rolü kaydedildi.` });
      onDone();
    } catch (error) {
      setServerError(showServerError(setError, error, LABELS));
    }
  });

  const allChosen = chosen.length === privileges.length;
  return (
    <form onSubmit={handleSubmit((values) => void save.run(values))} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Controller
            control={control}
            name="key"
            render={({ field, fieldState }) => (
              <TextInput
                label={LABELS.key}
                error={fieldState.error?.message}
                placeholder="ör. DEPO_SORUMLUSU"
                description={
                  role?.builtIn ? 'Hazır rollerin anahtarı değiştirilemez' : 'Büyük harf, rakam ve alt çizgi'
                }
                disabled={role?.builtIn}
                value={field.value}
                // Keys are ASCII upper case; the Turkish rule would turn a typed 'i' into 'İ'.
                onChange={(event) => field.onChange(event.currentTarget.value.toLocaleUpperCase('en-US'))}
                onBlur={field.onBlur}
              />
            )}
          />
          <TextInput
            label={LABELS.label}
            placeholder="ör. Depo Sorumlusu"
            data-autofocus
            {...register('label')}
            error={formState.errors.label?.message}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="privileges"
          render={({ field, fieldState }) => (
            <Checkbox.Group
              error={fieldState.error?.message}
              label={
                <Group gap="xs">
                  <Text fz="sm" fw={500}>
                    Yetkiler ({field.value.length} / {privileges.length})
                  </Text>
                  <Anchor
                    component="button"
                    type="button"
                    fz="xs"
                    onClick={() =>
                      setValue('privileges', allChosen ? [] : privileges.map((privilege) => privilege.key))
                    }
                  >
                    {allChosen ? 'Hiçbirini seçme' : 'Tümünü seç'}
                  </Anchor>
                </Group>
              }
              value={field.value}
              onChange={(value) => field.onChange(value as PrivilegeKey[])}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
                {privileges.map((privilege) => (
                  <Checkbox key={privilege.key} value={privilege.key} label={privilege.label} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          )}
        />
        <FormError message={serverError} latest={latest} />
        <FormActions submitting={save.submitting} onCancel={onDone} />
      </Stack>
    </form>
  );
}
