import { VisuallyHidden } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';

const ICON_SIZE = { width: 'var(--psi-icon-size)', height: 'var(--psi-icon-size)' };

/**
 * The eye of every password field, with its name in Turkish for what a press does now: the theme
 * drops Mantine's English 'Toggle password visibility', so the button is named by this text.
 */
export function PasswordToggleIcon({ reveal }: { reveal: boolean }) {
  return (
    <>
      {reveal ? <IconEyeOff style={ICON_SIZE} aria-hidden /> : <IconEye style={ICON_SIZE} aria-hidden />}
      <VisuallyHidden>{reveal ? 'Şifreyi gizle' : 'Şifreyi göster'}</VisuallyHidden>
    </>
  );
}
