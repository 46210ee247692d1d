import {
  CreateUserAccessBody,
  type RoleEntry,
  USER_STATUS_LABELS,
  type UserAccess,
  type UserStatus,
} from '@mandira/contract/access';
import { Checkbox, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { contractResolver } from '../../lib/forms/contract-resolver.ts';
import { FormActions } from '../../lib/forms/form-actions.tsx';
import { FormError } from '../../lib/forms/form-error.tsx';
import { showServerError } from '../../lib/forms/server-error.ts';
import type { LoadLatest } from '../../lib/forms/stale-record.tsx';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
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

const LABELS = {
  userName: 'Kullanıcı adı',
  name: 'Ad',
  surname: 'Soyad',
  email: 'E-posta',
  phone: 'Telefon',
  status: 'Durum',
  password: 'Şifre',
  roles: 'Roller',
} as const;

/** The request the form sends: the password only when one is typed for a new user. */
function bodyOf({ password, ...fields }: UserFormValues, withPassword: boolean) {
  return withPassword && password ? { ...fields, password } : fields;
}

// A new user's and an edited user's fields are checked alike; the id is not the form's.
const newUserResolver = contractResolver<UserFormValues>(CreateUserAccessBody, (values) =>
  bodyOf(values, true),
);
const userResolver = contractResolver<UserFormValues>(CreateUserAccessBody, (values) =>
  bodyOf(values, false),
);

const STATUS_OPTIONS = Object.entries(USER_STATUS_LABELS).map(([value, label]) => ({ value, label }));

type Props = {
  user: UserAccess | undefined;
  roleEntries: RoleEntry[];
  initialRoles: string[];
  /** The reload offered when the save finds the user changed meanwhile. */
  latest?: LoadLatest;
  onDone: () => void;
};

/**
 * Checked with the server's schema first; a refusal of the server shows on its field, or above the
 * buttons, and the modal stays open.
 */
export function UserForm({ user, roleEntries, initialRoles, latest, onDone }: Props) {
  const saveUser = useSaveUser();
  const [serverError, setServerError] = useState<string>();
  const { register, control, handleSubmit, setError, formState } = useForm<UserFormValues>({
    resolver: user ? userResolver : newUserResolver,
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
    try {
      if (user) await saveUser.mutateAsync({ id: user.id, version: user.version, ...bodyOf(values, false) });
      else await saveUser.mutateAsync(bodyOf(values, true));
      notifications.show({ color: 'green', message: `${values.userName} kaydedildi.` });
      onDone();
    } catch (error) {
      setServerError(showServerError(setError, error, LABELS));
    }
  });

  return (
    <form onSubmit={handleSubmit((values) => void save.run(values))} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={LABELS.userName}
            withAsterisk
            autoComplete="off"
            data-autofocus
            {...register('userName')}
            error={formState.errors.userName?.message}
          />
          <Controller
            control={control}
            name="status"
            render={({ field, fieldState }) => (
              <Select
                label={LABELS.status}
                withAsterisk
                error={fieldState.error?.message}
                data={STATUS_OPTIONS}
                allowDeselect={false}
                value={field.value}
                onChange={(value) => field.onChange(value ?? 'ACTIVE')}
              />
            )}
          />
          <TextInput label={LABELS.name} {...register('name')} error={formState.errors.name?.message} />
          <TextInput
            label={LABELS.surname}
            {...register('surname')}
            error={formState.errors.surname?.message}
          />
          <TextInput
            label={LABELS.email}
            type="email"
            {...register('email')}
            error={formState.errors.email?.message}
          />
          <TextInput
            label={LABELS.phone}
            type="tel"
            {...register('phone')}
            error={formState.errors.phone?.message}
          />
        </SimpleGrid>
        {!user && (
          <PasswordInput
            label={LABELS.password}
            error={formState.errors.password?.message}
            description="İsteğe bağlı: boş bırakırsanız şifreyi daha sonra 'Şifre Üret' ile verebilirsiniz."
            autoComplete="new-password"
            {...register('password')}
          />
        )}
        <Controller
          control={control}
          name="roles"
          render={({ field, fieldState }) => (
            <Checkbox.Group
              label={LABELS.roles}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
                {roleEntries.map((role) => (
                  <Checkbox key={role.key} value={role.key} label={role.label} />
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
