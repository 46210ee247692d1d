import {
  type RoleEntry,
  USER_STATUS_LABELS,
  type UserAccess,
  type UserStatus,
} from '@mandira/contract/access';
import { Checkbox, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/error-message.ts';
import { FormActions } from '../../lib/form-actions.tsx';
import { FormError } from '../../lib/form-error.tsx';
import { useSubmitGuard } from '../../lib/use-submit-guard.ts';
import { useSaveUser } from './api.ts';

type UserFormValues = {
  userName: string;
  name: string;
  surname: string;
  email: string;
  phone: string;
  status: UserStatus;
  password: string;
  roles: string[];
};

const STATUS_OPTIONS = Object.entries(USER_STATUS_LABELS).map(([value, label]) => ({ value, label }));

type Props = {
  user: UserAccess | undefined;
  roleEntries: RoleEntry[];
  initialRoles: string[];
  onDone: () => void;
};

/** Spec §5: no client validation; the server's Turkish message is shown and the modal stays open. */
export function UserForm({ user, roleEntries, initialRoles, onDone }: Props) {
  const saveUser = useSaveUser();
  const [serverError, setServerError] = useState<string>();
  const { register, control, handleSubmit } = useForm<UserFormValues>({
    defaultValues: {
      userName: user?.userName ?? '',
      name: user?.name ?? '',
      surname: user?.surname ?? '',
      email: user?.email ?? '',
      phone: user?.phone ?? '',
      status: user?.status ?? 'ACTIVE',
      password: '',
      roles: initialRoles,
    },
  });

  const save = useSubmitGuard(async (values: UserFormValues) => {
    setServerError(undefined);
    const { password, ...fields } = values;
    try {
      if (user) await saveUser.mutateAsync({ id: user.id, ...fields });
      else await saveUser.mutateAsync({ ...fields, ...(password ? { password } : {}) });
      notifications.show({ color: 'green', message: `${values.userName} kaydedildi.` });
      onDone();
    } catch (error) {
      setServerError(errorMessage(error));
    }
  });

  return (
    <form onSubmit={handleSubmit((values) => void save.run(values))} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Kullanıcı adı" autoComplete="off" data-autofocus {...register('userName')} />
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <Select
                label="Durum"
                data={STATUS_OPTIONS}
                allowDeselect={false}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 'ACTIVE')}
              />
            )}
          />
          <TextInput label="Ad" {...register('name')} />
          <TextInput label="Soyad" {...register('surname')} />
          <TextInput label="E-posta" type="email" {...register('email')} />
          <TextInput label="Telefon" type="tel" {...register('phone')} />
        </SimpleGrid>
        {!user && (
          <PasswordInput
            label="Şifre"
            description="İsteğe bağlı: boş bırakırsanız şifreyi daha sonra 'Şifre Üret' ile verebilirsiniz."
            autoComplete="new-password"
            {...register('password')}
          />
        )}
        <Controller
          control={control}
          name="roles"
          render={({ field }) => (
            <Checkbox.Group label="Roller" value={field.value} onChange={field.onChange}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
                {roleEntries.map((role) => (
                  <Checkbox key={role.key} value={role.key} label={role.label} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          )}
        />
        <FormError message={serverError} />
        <FormActions submitting={save.submitting} onCancel={onDone} />
      </Stack>
    </form>
  );
}
