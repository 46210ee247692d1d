import { Group, Text } from '@mantine/core';

/** The portal's mark: a milk drop with a wave on the brand teal, same drawing as public/favicon.svg. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true">
      <rect width="40" height="40" rx="10" fill="#00786c" />
      <path d="M20 6.5C20 6.5 10.5 17.4 10.5 24.2a9.5 9.5 0 0 0 19 0C29.5 17.4 20 6.5 20 6.5Z" fill="#fff" />
      <path
        d="M13.4 25.6c2.2 1.5 4.4 1.5 6.6 0s4.4-1.5 6.6 0"
        stroke="#00786c"
        strokeWidth="1.9"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function Logo({ size = 32 }: { size?: number }) {
  return (
    <Group gap={10} wrap="nowrap">
      <LogoMark size={size} />
      <Text fw={700} fz={size > 36 ? 'xl' : 'lg'} c="dark.7" style={{ letterSpacing: -0.2 }}>
        Mandıra Portal
      </Text>
    </Group>
  );
}
